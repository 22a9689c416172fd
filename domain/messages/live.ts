// The live channel's refusals (docs/architecture.md#live).
export const liveMessages = {
  unknownRoom: "Ce salon n'existe pas.",
  roomRefused: "Tu n'as pas accès à ce salon.",
  tooManyStreams:
    'Trop de connexions en direct ouvertes : ferme un onglet de Lisons, puis réessaie.',
} as const;
