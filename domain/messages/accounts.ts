/** French texts of accounts: the product's texts word for word, plus ours where it is silent. */
export const accountMessages = {
  emailRequired: "L'email est requis",
  emailInvalid: "Format d'email invalide",
  passwordRequired: 'Le mot de passe est requis',
  passwordTooShort: 'Le mot de passe doit contenir au moins 6 caractères',
  passwordTooLong: 'Le mot de passe est trop long',
  newPasswordFieldsRequired: 'Veuillez remplir tous les champs',
  newPasswordMismatch: 'Les mots de passe ne correspondent pas',
  newPasswordTooShort: 'Le mot de passe doit contenir au moins 8 caractères',
  newPasswordWeak:
    'Le mot de passe doit contenir au moins une majuscule, une minuscule et un chiffre',
  resetEmailRequired: 'Veuillez saisir votre adresse email',
  usernameTooShort: 'Le nom doit contenir au moins 3 caractères',
  usernameTooLong: 'Le nom est trop long',
  usernameInvisible: 'Le nom ne peut pas contenir de caractères invisibles ou de contrôle.',
  usernameNoLetter: 'Le nom doit contenir au moins une lettre ou un chiffre.',
  usernameMarks: 'Le nom contient des accents isolés ou empilés.',
  usernameMixedScripts: 'Le nom ne peut pas mêler les alphabets latin, grec et cyrillique.',
  usernameTaken: 'Ce nom est déjà pris.',

  signInSuccess: 'Connexion réussie !',
  signInFailed: 'Erreur lors de la connexion.',
  wrongCredentials: 'Email ou mot de passe incorrect',
  signUpSuccess: 'Compte créé avec succès. Tu peux maintenant te connecter.',
  signUpFailed: 'Erreur lors de la création du compte.',
  emailTaken: 'Un compte existe déjà avec cette adresse email',
  resetSent: 'Un email de réinitialisation a été envoyé à votre adresse',
  resetSendFailed: "Erreur lors de l'envoi de l'email. Veuillez réessayer.",
  resetExpired: 'Le lien de réinitialisation a expiré. Veuillez relancer une nouvelle demande.',
  resetInvalidLink: 'Lien invalide ou expiré',
  resetUpdateFailed: 'Erreur lors de la mise à jour. Veuillez réessayer.',
  resetDone: 'Mot de passe mis à jour. Tu peux te connecter avec ton nouveau mot de passe.',
  signOutSuccess: 'Déconnexion réussie',
  signOutFailed: 'Erreur lors de la déconnexion',
  signOutUnexpected: 'Erreur inattendue lors de la déconnexion',
  authRequired: 'Tu dois être connecté pour accéder à cette page.',
  adminRequired: 'Accès refusé: Droits administrateur requis',
  originRefused: 'Origine de la requête refusée.',

  profileLoadFailed: 'Erreur : Impossible de charger votre profil',
  publicProfileLoadFailed: 'Erreur : Impossible de charger le profil public',
  profileNameSaved: 'Nom de profil enregistré',
  profileNameSaveFailed: "Impossible d'enregistrer le nom de profil",
  profileNotFound: "Ce lecteur n'existe pas.",

  loading: 'Chargement...',
  redirecting: 'Redirection...',
} as const;

/**
 * The sign-in screen (/auth) and its 'Mot de passe oublié?' dialog (docs/architecture.md#accounts).
 */
export const authScreenMessages = {
  documentTitle: 'Connexion',
  title: 'Connexion',
  lead: 'Connecte-toi pour retrouver tes lectures, ou crée ton compte gratuit en quelques secondes.',
  emailLabel: 'Email',
  passwordLabel: 'Mot de passe',
  showPassword: 'Afficher le mot de passe',
  hidePassword: 'Masquer le mot de passe',
  signIn: 'Se connecter',
  signingIn: 'Connexion...',
  signUp: 'Créer un compte',
  signingUp: 'Création du compte...',
  newHere:
    'Nouveau sur Lisons\u00a0? Saisis ton email, choisis un mot de passe, puis «\u00a0Créer un compte\u00a0».',
  forgotPassword: 'Mot de passe oublié?',
  resetTitle: 'Mot de passe oublié',
  resetLead:
    "Saisis l'adresse email de ton compte\u00a0: nous t'enverrons un lien pour choisir un nouveau mot de passe.",
  resetSubmit: 'Envoyer le lien',
  resetSending: 'Envoi...',
  cancel: 'Annuler',
  close: 'Fermer',
} as const;

/** The new-password screen (/reset-password), reached from the e-mail link. */
export const resetScreenMessages = {
  documentTitle: 'Nouveau mot de passe',
  title: 'Nouveau mot de passe',
  lead: 'Au moins 8 caractères, avec une majuscule, une minuscule et un chiffre.',
  passwordLabel: 'Nouveau mot de passe',
  confirmationLabel: 'Confirme le mot de passe',
  submit: 'Enregistrer le mot de passe',
  submitting: 'Enregistrement...',
  invalidText:
    'Ce lien de réinitialisation ne fonctionne plus. Demande un nouveau lien depuis la page de connexion.',
  askAgain: 'Demander un nouveau lien',
  doneTitle: 'Mot de passe mis à jour',
  redirecting: 'Redirection vers la connexion...',
} as const;

/** The avatar menu of the header and the account part of the mobile menu. */
export const accountMenuMessages = {
  signedInAs: 'Connecté avec',
  profile: 'Profil',
  admin: 'Administration',
  signOut: 'Déconnexion',
  signingOut: 'Déconnexion...',
} as const;

/**
 * The profile screen (/profile, /profile/{userId}, /u/{userId}) (docs/architecture.md#profiles).
 */
export const profileMessages = {
  documentTitle: 'Profil',
  loading: 'Chargement du profil...',
  editName: 'Modifier mon nom',
  addName: 'Ajouter un nom',
  nameLabel: 'Nom de profil',
  nameHint: 'Entre 3 et 50 caractères, visible par les autres lecteurs.',
  save: 'Enregistrer',
  saving: 'Enregistrement...',
  cancel: 'Annuler',
  settingsTitle: 'Paramètres',
  accountTitle: 'Compte',
  legalTitle: 'Informations légales',
  privacy: 'Politique de confidentialité',
  terms: "Conditions d'utilisation",
  retry: 'Réessayer',
} as const;
