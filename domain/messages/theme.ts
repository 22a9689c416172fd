// The theme switch in the footer. Its own file: the footer is in every page's first bundle,
// and the insights' texts are not.
export const themeMessages = {
  label: 'Thème',
  system: 'Système',
  light: 'Clair',
  dark: 'Sombre',
};
