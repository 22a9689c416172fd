import { contacts, frenchSpacing } from './shell';

/**
 * French copy of the static pages (docs/architecture.md#screens): about, press kit, privacy
 * and terms. Kept apart from shell.ts so this long text stays out of the landing bundle.
 */

export type PageItem = { term?: string; text: string };

export type PageSection = {
  heading: string;
  paragraphs?: readonly string[];
  items?: readonly PageItem[];
  /** A contact address shown as a mail link after the text. */
  email?: string;
};

export type StaticPageCopy = {
  title: string;
  lead: string;
  /** 'Dernière mise à jour…' line of the legal pages. */
  updated?: string;
  sections: readonly PageSection[];
};

export const contactLabel = 'Écrire à';

export const aboutPage = frenchSpacing({
  title: 'À propos de Lisons',
  lead: "On ne perd pas le goût de lire, on en perd l'habitude. Et une habitude, ça se reprend page après page : c'est pour cela que nous avons créé Lisons.",
  sections: [
    {
      heading: 'Notre mission',
      paragraphs: [
        "Aider chacun à renouer avec la lecture, sans culpabilité ni course aux chiffres. Nous croyons aux petits pas réguliers plutôt qu'aux grandes résolutions : trente pages aujourd'hui, trente pages demain, et un livre terminé avant d'avoir eu le temps d'en douter.",
      ],
    },
    {
      heading: 'Comment ça marche',
      items: [
        {
          term: 'Des segments de 30 pages.',
          text: 'Chaque livre est découpé en étapes courtes : le premier segment va de la page 1 à la page 30, le suivant de 31 à 60, et ainsi de suite.',
        },
        {
          term: 'Une question, un mot.',
          text: "À la fin d'un segment, une question simple porte sur ce que tu viens de lire. La réponse tient en un seul mot. Pas de piège : c'est un point d'étape, pas un examen.",
        },
        {
          term: 'Des jokers.',
          text: "Un trou de mémoire ? Un joker révèle la bonne réponse et valide l'étape. Leur nombre dépend de la longueur du livre : garde-les pour les passages difficiles.",
        },
        {
          term: "De l'XP et des badges.",
          text: "Chaque segment validé rapporte de l'XP. Tu montes de niveau, tu entretiens ta série de jours de lecture, tu relèves des quêtes et tu débloques des badges.",
        },
        {
          term: 'Une communauté.',
          text: "Suis d'autres lecteurs, découvre les livres qu'ils terminent et, une fois un livre fini, retrouve ceux qui l'ont aimé dans son salon de discussion.",
        },
      ],
    },
    {
      heading: "L'équipe",
      paragraphs: [
        "Lisons est conçu en France par une petite équipe indépendante de lecteurs, de développeurs et d'enseignants. Nous n'affichons aucune publicité et ne revendons aucune donnée : l'application vit de son offre Premium, qui permet aussi de demander l'ajout de livres au catalogue.",
      ],
    },
    {
      heading: 'Nous contacter',
      paragraphs: [
        'Une question, une idée, un livre à nous suggérer ? Écris-nous : nous répondons à chaque message.',
      ],
      email: contacts.hello,
    },
  ],
} as const satisfies StaticPageCopy);

export const pressPage = frenchSpacing({
  title: 'Espace presse',
  lead: "Tout ce qu'il faut pour parler de Lisons : une présentation en quelques lignes, les points clés et nos logos.",
  pitchHeading: 'Lisons en bref',
  pitch:
    "Lisons est une application web française qui aide les lecteurs à reprendre l'habitude de lire. Les livres sont découpés en segments de 30 pages ; chaque segment se valide par une question de compréhension dont la réponse tient en un mot. Les progrès se transforment en XP, en niveaux, en badges, en quêtes et en séries, au sein d'une communauté de lecteurs.",
  factsHeading: 'Points clés',
  facts: [
    { term: 'Pour qui', text: 'Toutes celles et ceux qui veulent se remettre à lire' },
    { term: 'Le principe', text: "Des segments de 30 pages, une question d'un mot par étape" },
    { term: 'Motivation', text: 'XP, niveaux, badges, quêtes et séries de lecture' },
    { term: 'Modèle', text: 'Gratuit, avec une offre Premium annuelle ou à vie' },
    { term: 'Plateformes', text: "Navigateur web, installable sur l'écran d'accueil, et mobile" },
    { term: 'Vie privée', text: 'Ni publicité, ni traqueur tiers' },
  ],
  logosHeading: 'Logos',
  logosText:
    "Le logo de Lisons est un livre ouvert sur fond brique. Merci de ne pas le déformer ni en modifier les couleurs, et de lui laisser un peu d'espace autour.",
  logoAlt: 'Logo de Lisons : un livre ouvert clair sur un carré brique aux coins arrondis',
  downloadLabel: 'Télécharger',
  logos: [
    { format: 'SVG', detail: 'vectoriel', href: '/presse/lisons-logo.svg' },
    { format: 'PNG', detail: '192\u00a0×\u00a0192\u00a0px', href: '/presse/lisons-logo-192.png' },
    { format: 'PNG', detail: '512\u00a0×\u00a0512\u00a0px', href: '/presse/lisons-logo-512.png' },
    {
      format: 'WebP',
      detail: '1024\u00a0×\u00a01024\u00a0px',
      href: '/presse/lisons-logo-1024.webp',
    },
  ],
  contactHeading: 'Contact presse',
  contactText:
    'Pour une interview, une démonstration ou un accès Premium de test, écris à notre contact presse. Nous répondons sous 48 heures ouvrées.',
  contactEmail: contacts.press,
} as const);

export const privacyPage = frenchSpacing({
  title: 'Politique de confidentialité',
  lead: 'Chez Lisons, tes données servent à une seule chose : faire fonctionner ton suivi de lecture. Voici lesquelles nous gardons, pourquoi, combien de temps, et comment exercer tes droits.',
  updated: 'Dernière mise à jour : 24 novembre 2026',
  sections: [
    {
      heading: 'Qui est responsable de tes données',
      paragraphs: [
        "L'équipe Lisons est responsable des traitements décrits sur cette page. Pour toute question sur tes données personnelles, écris à notre référent.",
      ],
      email: contacts.privacy,
    },
    {
      heading: 'Les données que nous collectons',
      items: [
        {
          term: 'Ton compte :',
          text: 'ton adresse e-mail et ton mot de passe, conservé uniquement sous une forme chiffrée et irréversible ; ton nom et ton avatar si tu choisis de les ajouter.',
        },
        {
          term: 'Ta progression :',
          text: 'les livres de ta liste, les segments validés, les jokers utilisés, ton XP, ton niveau, tes badges, tes quêtes et tes séries.',
        },
        {
          term: 'Tes réponses :',
          text: 'les réponses que tu donnes aux questions de validation, pour vérifier ta lecture et compter tes tentatives.',
        },
        {
          term: 'Ta vie dans la communauté :',
          text: 'les lecteurs que tu suis, les Bookys que tu donnes et les messages que tu publies dans les salons.',
        },
        {
          term: 'Ton abonnement Premium :',
          text: 'tes achats (à vie ou annuel), leurs dates et leur échéance, et tes demandes de livres. Le paiement est traité par Stripe, notre prestataire de paiement : nous ne voyons jamais ton numéro de carte, et Stripe ne nous transmet que ce qui confirme ton achat.',
        },
        {
          term: 'Des journaux techniques :',
          text: 'adresse IP, date et page demandée, conservés pour la sécurité du service.',
        },
      ],
    },
    {
      heading: 'Pourquoi nous les utilisons',
      items: [
        { text: 'Créer ton compte, le sécuriser et te reconnecter.' },
        {
          text: 'Enregistrer ta progression et calculer ton XP, tes badges, tes quêtes et tes séries.',
        },
        { text: 'Montrer ton profil et tes livres terminés aux lecteurs de la communauté.' },
        {
          text: "T'envoyer les e-mails utiles au service, comme la réinitialisation de ton mot de passe.",
        },
        { text: 'Gérer ton abonnement Premium.' },
      ],
      paragraphs: [
        "Ces traitements reposent sur l'exécution du service que tu nous demandes (article 6.1.b du RGPD) et, pour les journaux techniques, sur notre intérêt légitime à protéger le service. Tes données ne sont ni vendues, ni louées, ni utilisées pour de la publicité.",
      ],
    },
    {
      heading: 'Combien de temps nous les gardons',
      items: [
        {
          term: 'Compte, progression et réponses :',
          text: 'tant que ton compte existe. Quand tu le supprimes depuis les Paramètres de ton profil (ton mot de passe t’est demandé), tout est effacé aussitôt, en une fois : progression, validations, XP, badges, quêtes, abonnements dans les deux sens, Bookys, notifications, messages, demandes, sessions et photo. Tout disparaît ensuite de nos sauvegardes sous 30 jours.',
        },
        { term: 'Journaux techniques :', text: '12 mois au plus.' },
        {
          term: 'Pièces comptables liées à un achat Premium :',
          text: '10 ans, comme la loi nous y oblige.',
        },
      ],
    },
    {
      heading: 'Aucun traqueur',
      paragraphs: [
        "Lisons n'utilise ni cookie publicitaire, ni outil de mesure d'audience tiers, ni bouton de réseau social. Le seul cookie déposé est celui de ta session, qui te garde connecté : il est indispensable au service et ne demande donc pas de consentement. Ton navigateur garde aussi quelques préférences locales, par exemple le fait que tu as déjà vu la présentation de l'application.",
        "Les polices de caractères et toutes les ressources de l'application sont servies par nos propres serveurs : ta visite n'est signalée à aucun service extérieur.",
      ],
    },
    {
      heading: 'Qui peut y accéder',
      paragraphs: [
        "Seule l'équipe Lisons et nos sous-traitants techniques (hébergement, envoi d'e-mails, paiement par Stripe) y ont accès, et seulement pour ce dont ils ont besoin. Tes données sont hébergées dans l'Union européenne.",
      ],
    },
    {
      heading: 'Tes droits',
      paragraphs: [
        "Conformément au RGPD et à la loi Informatique et Libertés, tu peux accéder à tes données, les corriger, les effacer, en limiter l'usage, t'opposer à un traitement et les récupérer dans un format lisible. Deux de ces droits s'exercent en un clic dans les Paramètres de ton profil : « Exporter mes données » télécharge tout ce que nous gardons sur toi (JSON) et ton historique de lecture (CSV), et « Supprimer mon compte » efface tout. Pour les autres, écris-nous : nous répondons sous un mois. Si tu estimes que tes droits ne sont pas respectés, tu peux adresser une réclamation à la CNIL (cnil.fr).",
      ],
      email: contacts.privacy,
    },
  ],
} as const satisfies StaticPageCopy);

export const termsPage = frenchSpacing({
  title: "Conditions générales d'utilisation",
  lead: "Ces conditions encadrent ton utilisation de Lisons. En créant un compte, tu les acceptes : elles sont courtes, lis-les jusqu'au bout !",
  updated: 'Dernière mise à jour : 24 novembre 2026',
  sections: [
    {
      heading: '1. Le service',
      paragraphs: [
        "Lisons est un compagnon de lecture : il t'aide à lire un livre par segments de 30 pages, à valider chaque étape par une question de compréhension et à suivre tes progrès. Lisons ne fournit pas les livres eux-mêmes : tu les lis dans l'édition de ton choix.",
      ],
    },
    {
      heading: '2. Ton compte',
      paragraphs: [
        "L'inscription est gratuite et demande une adresse e-mail valide et un mot de passe. Le service est ouvert à partir de 15 ans ; en dessous, l'accord d'un parent ou d'un tuteur est nécessaire. Garde ton mot de passe pour toi : tu es responsable de ce qui est fait avec ton compte.",
        'Tu peux supprimer ton compte à tout moment depuis les Paramètres de ton profil : tout ce qui t’appartient est alors définitivement effacé. Tu peux aussi y exporter tes données et changer ton mot de passe.',
      ],
    },
    {
      heading: '3. Premium',
      paragraphs: [
        "L'offre Premium est payante, en formule annuelle ou à vie. Elle permet notamment de demander l'ajout de livres au catalogue. Le paiement est traité par Stripe. L'abonnement annuel peut être résilié à tout moment depuis l'espace client Stripe : l'accès Premium reste actif jusqu'à la fin de la période payée. Supprimer ton compte Lisons ne résilie pas l'abonnement : résilie-le d'abord. Un achat à vie remboursé retire l'accès Premium.",
        "Tu disposes d'un délai de rétractation de 14 jours après l'achat, sauf si tu as demandé à profiter de Premium immédiatement et renoncé expressément à ce droit.",
      ],
    },
    {
      heading: '4. Jouer le jeu',
      paragraphs: [
        "Les questions de validation sont là pour t'accompagner, pas pour te surveiller. Automatiser les réponses, diffuser les réponses aux questions ou multiplier les comptes pour cumuler des récompenses fausse l'expérience de tous : nous pouvons alors retirer les récompenses concernées.",
      ],
    },
    {
      heading: '5. Vivre ensemble dans la communauté',
      items: [
        {
          text: 'Respecte les autres lecteurs : ni insulte, ni harcèlement, ni propos haineux ou discriminatoire.',
        },
        {
          text: "Ne divulgâche pas la fin d'un livre en dehors des salons réservés à ceux qui l'ont terminé.",
        },
        { text: 'Pas de publicité, de spam ni de lien malveillant.' },
        {
          text: "Ne publie que ce que tu as le droit de publier : pas de longs extraits d'œuvres protégées.",
        },
      ],
      paragraphs: [
        'Nous pouvons retirer un contenu contraire à ces règles et, en cas de manquement grave ou répété, suspendre ou supprimer le compte concerné. Pour signaler un contenu, écris-nous.',
      ],
    },
    {
      heading: '6. Contenus et propriété',
      paragraphs: [
        'La marque Lisons, son logo, son interface et ses questions de validation sont protégés. Les messages que tu publies restent les tiens : tu nous autorises seulement à les afficher dans le service tant que tu ne les supprimes pas.',
      ],
    },
    {
      heading: '7. Responsabilité',
      paragraphs: [
        "Nous faisons de notre mieux pour que Lisons soit disponible et fiable, sans pouvoir garantir qu'il le soit en permanence : une maintenance ou un incident peut l'interrompre. Lisons ne répond pas des dommages indirects liés à son utilisation. Rien dans ces conditions ne limite les droits que la loi te garantit en tant que consommateur.",
      ],
    },
    {
      heading: '8. Évolution des conditions',
      paragraphs: [
        "Ces conditions peuvent évoluer. En cas de changement important, nous te prévenons par e-mail ou dans l'application au moins 30 jours à l'avance.",
      ],
    },
    {
      heading: '9. Droit applicable',
      paragraphs: [
        "Ces conditions sont régies par le droit français. En cas de désaccord, écris-nous d'abord : nous chercherons une solution amiable. Tu peux aussi recourir gratuitement à un médiateur de la consommation. À défaut, les tribunaux français sont compétents.",
      ],
      email: contacts.hello,
    },
  ],
} as const satisfies StaticPageCopy);
