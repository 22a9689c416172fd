// Its own module: the page's chunk carries these words, not every page's entry.

export const notFoundMessages = {
  title: 'Page introuvable',
  text: "La page que tu cherches n'existe pas.",
  hint: "Elle a peut-être changé d'adresse, ou le lien contient une faute de frappe.",
  backHome: "Retour à l'accueil",
} as const;
