// The live channel's refusals (docs/architecture.md#live).
export const liveMessages = {
  unknownRoom: "Ce salon n'existe pas.",
  roomRefused: "Tu n'as pas accès à ce salon.",
} as const;
