import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { badges, challenges, quests } from '../rewards';

// French typography of the texts we write (docs/architecture.md#french-typography): one
// no-break space (U+00A0) before : ; ? ! and inside « », and between a number and its unit;
// « » rather than straight double quotes; centuries as 'XVIIIe siècle'; real plurals, not
// '(s)'; 'tu' rather than 'vous'. The spec's own texts are used word for word, so the ones
// that break a rule are listed below and left as the spec writes them.

// Every module of texts in this folder, found rather than listed: a module added later is
// checked too.
// fill.ts holds the placeholder helper, not texts.
const found = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts', '!./fill.ts'], {
  eager: true,
});
const modules: Record<string, unknown> = {
  ...Object.fromEntries(
    Object.entries(found).map(([file, module]) => [
      file
        .replace(/^\.\//, '')
        .replace(/\.ts$/, '')
        .replace(/-(\w)/g, (_, c: string) => c.toUpperCase()),
      module,
    ]),
  ),
  badges: { badges, quests, challenges },
};

/** The spec's texts that our rules would change: kept word for word. */
const specTexts = new Set([
  // Sign-in, profile, validation and rewards.
  'Prêt à recommencer à lire ?',
  'Connexion réussie !',
  'Erreur : Impossible de charger votre profil',
  'Erreur : Impossible de charger le profil public',
  'Veuillez saisir votre adresse email',
  'Un email de réinitialisation a été envoyé à votre adresse',
  'Vous devez cocher la case pour valider votre lecture',
  'Vous devez être connecté pour commencer ou valider votre lecture',
  'Vous devez être connecté pour valider',
  'Réponse incorrecte. Essayez encore !',
  'Il vous reste {n} tentative.',
  'Il vous reste {n} tentatives.',
  'Il vous reste 1 tentative.',
  'Il vous reste 2 tentatives.',
  'Jokers disponibles : {remaining} / {allowed}',
  'Tous vos jokers ont été utilisés pour ce livre',
  'Jokers : {used} / {allowed} utilisés',
  'Vous avez déjà terminé ce livre !',
  'Vous pourrez réessayer dans {delay}',
  'Nouveau badge débloqué : {name}',
  // The achievements page.
  'Vos Accomplissements',
  // The catalogue and the reading list.
  'Le livre "{title}" est déjà dans votre liste de lecture',
  'Vous devez être connecté pour ajouter un livre à votre liste',
  '"{title}" ajouté à votre liste de lecture',
  'Impossible d\'ajouter "{title}" à votre liste',
  'Erreur lors du chargement de vos livres',
  'Une erreur est survenue lors du chargement de vos livres.',
  "Erreur de recherche : Impossible d'effectuer votre recherche",
  'Aucun livre ne correspond à votre recherche',
  'Commencez votre prochaine aventure de lecture',
  'Erreur lors du chargement de vos lectures en cours',
  "Vous n'avez pas encore de livres dans votre liste de lecture.",
  // The finished-book chat.
  'Soyez le premier à partager vos impressions !',
  'Message envoyé !',
  'Vous devez terminer ce livre pour accéder au salon de discussion',
  // The back office.
  "Vous n'avez pas les droits d'administration nécessaires pour accéder à cette page.",
  // The audit's last line.
  'Audit terminé : TOUT OK',
  'Erreur : Impossible de mettre à jour le livre',
  'Question invalide : La question ne peut pas être vide',
  'Réponse invalide : La réponse ne peut pas être vide',
  'Vous devez être connecté pour exporter les données',
  "Erreur d'export : impossible de générer le fichier SQL complet",
  'Export complet réussi : le fichier SQL a été téléchargé',
  "Veuillez d'abord configurer l'URL du webhook",
]);

/** Arguments to call each message function with, so its result is checked too. */
const samples: Record<string, unknown[][]> = {
  'mail.resetPasswordMail.text': [['https://lisons.app/reset-password?token=abc']],
  'emailVerification.emailVerificationMessages.mailText': [
    ['https://lisons.app/verify-email?token=abc'],
  ],
  'onboarding.onboardingMessages.step': [[1, 3]],
  'shell.pageTitle': [['Accueil']],
  'validation.attemptsLeftMessage': [[1], [2]],
};
/** Helpers that are not texts. */
const notTexts = new Set(['shell.frenchSpacing']);

type Text = { where: string; text: string };

function textsOf(value: unknown, where: string): Text[] {
  if (typeof value === 'string') return [{ where, text: value }];
  if (typeof value === 'function') {
    if (notTexts.has(where)) return [];
    const calls = samples[where];
    if (!calls) throw new Error(`${where}: give it sample arguments in typography.test.ts`);
    return calls.flatMap((args, i) =>
      textsOf((value as (...a: unknown[]) => unknown)(...args), `${where}(${i})`),
    );
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => textsOf(item, `${where}[${i}]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => textsOf(item, `${where}.${key}`));
  }
  return [];
}

const rules: { name: string; wrong: RegExp }[] = [
  { name: 'a plain space before : ; ? !', wrong: / [:;?!]/ },
  { name: 'a straight double quote', wrong: /"/ },
  { name: '« » without no-break spaces inside', wrong: /«(?!\u00a0)|(?<!\u00a0)»/ },
  { name: 'another space than U+00A0 at a sign', wrong: /[\u202f\u2009][:;?!»]|«[\u202f\u2009]/ },
  { name: "a '(s)' plural", wrong: /\(s\)/ },
  { name: 'a unit after a plain space', wrong: /(?:\d|\}) (?:XP|h|min|%|Mo|px)(?!\p{L})/u },
  { name: 'a long number without spaces', wrong: /\d{5,}/ },
  {
    name: "a century not written 'XVIIIe siècle'",
    wrong: /\b[ivxlc]+e siècle|[IVXLC]+(?:ème|eme|è) siècle/,
  },
];

/** 'tu' in our texts, like the landing page and the badges. */
const vous = /(?<!\p{L})(?:vous|votre|vos)(?!\p{L})/iu;

function problems(texts: Text[], checkVous: boolean): string[] {
  return texts.flatMap(({ where, text }) => [
    ...rules.filter((r) => r.wrong.test(text)).map((r) => `${where}: ${r.name}: ${text}`),
    ...(checkVous && vous.test(text) ? [`${where}: 'vous' in our text: ${text}`] : []),
  ]);
}

const ours = Object.entries(modules)
  .flatMap(([name, module]) => textsOf(module, name))
  .filter(({ text }) => !specTexts.has(text));

describe('French typography of our texts', () => {
  it('finds texts to check in every module (the scan is not vacuous)', () => {
    expect(ours.length).toBeGreaterThan(300);
    for (const name of Object.keys(modules)) {
      expect(ours.some((t) => t.where.startsWith(`${name}.`))).toBe(true);
    }
  });

  it('follows the rules in every message module', () => {
    expect(problems(ours, true)).toEqual([]);
  });

  it("keeps the spec's texts that break a rule as the spec writes them, each still in use", () => {
    const all = new Set(
      Object.entries(modules).flatMap(([name, module]) => textsOf(module, name).map((t) => t.text)),
    );
    expect([...specTexts].filter((text) => !all.has(text))).toEqual([]);
  });

  it('catches each mistake it is meant to catch', () => {
    const wrong = [
      'Prêt ?',
      'Le "livre"',
      '« Candide »',
      'Prêt\u202f?',
      'Il vous reste 2 tentative(s).',
      '+10 XP',
      '{n} min',
      '12345 pages',
      'xviiie siècle',
      'XVIIIème siècle',
    ].map((text, i) => ({ where: `w${i}`, text }));
    expect(wrong.filter((text) => problems([text], false).length === 0)).toEqual([]);
    expect(problems([{ where: 'v', text: 'Vous avez terminé' }], true)).toHaveLength(1);
    const right = [
      'Prêt\u00a0?',
      '«\u00a0Candide\u00a0»',
      '+10\u00a0XP',
      'XVIIIe siècle',
      'à 7\u00a0h du matin',
      '1 heure',
      'https://lisons.app',
      '2026',
    ].map((text, i) => ({ where: `r${i}`, text }));
    expect(problems(right, true)).toEqual([]);
  });
});

describe('French typography of the demo catalogue (data/books.json)', () => {
  const books = JSON.parse(readFileSync(new URL('../../data/books.json', import.meta.url), 'utf8'));
  const texts: Text[] = (books as { key: string; description: string; tags: string[] }[]).flatMap(
    (book) => [
      { where: `${book.key}.description`, text: book.description },
      ...book.tags.map((tag, i) => ({ where: `${book.key}.tags[${i}]`, text: tag })),
    ],
  );

  it('follows the same rules in descriptions and tags', () => {
    expect(texts.length).toBeGreaterThan(100);
    expect(problems(texts, false)).toEqual([]);
  });

  it("writes centuries as 'XVIIIe siècle'", () => {
    const centuries = texts.filter((t) => /siècle$/.test(t.text) && t.where.includes('.tags'));
    expect(centuries.length).toBeGreaterThan(0);
    for (const { text } of centuries) expect(text).toMatch(/^[IVXLC]+e siècle$/);
  });
});
