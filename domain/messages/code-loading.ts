/**
 * What a control says when the code it opens (a menu, a dialog) cannot be downloaded, after its
 * retries: the network failed, or a new deployment renamed the files an open tab still asks for.
 */
export const codeLoadingMessages = {
  failed: 'Le chargement a échoué. Vérifie ta connexion, puis recharge la page.',
  reload: 'Recharger la page',
} as const;
