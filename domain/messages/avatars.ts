// Readers' photos: the spec's words for an image that is not one or is too big (as for
// blog images), ours (with 'tu') for the rest.

export const avatarMessages = {
  notAnImage: 'Veuillez sélectionner un fichier image',
  tooLarge: "L'image doit faire moins de 5MB",
  unreadable: 'Cette image est illisible. Essaie une photo JPEG, PNG ou WebP.',
  unsupportedFormat: "Ce format d'image n'est pas accepté. Essaie une photo JPEG, PNG ou WebP.",
  tooManyPixels: 'Cette image est trop grande. Essaie une photo de moins de 50 mégapixels.',
  notFound: "Cette photo n'existe pas.",
  // The owner's editor on the profile page.
  change: 'Changer la photo',
  remove: 'Supprimer la photo',
  uploading: 'Envoi…',
  removing: 'Suppression…',
  inputLabel: 'Choisir une photo de profil',
  hint: 'JPEG, PNG ou WebP, 5\u00a0Mo au plus.',
  saved: 'Photo de profil mise à jour',
  removed: 'Photo de profil supprimée',
  saveFailed: "Impossible d'enregistrer la photo. Réessaie.",
  removeFailed: 'Impossible de supprimer la photo. Réessaie.',
} as const;
