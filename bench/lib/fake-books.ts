import {
  adjectives,
  essayNouns,
  firstNames,
  lastNames,
  type Noun,
  novelNouns,
  places,
  pluralNouns,
  professions,
  spiritualNouns,
  tags,
} from './french-words';

export type Category = 'litterature' | 'religion' | 'essai' | 'bio';
export type FakeBook = {
  title: string;
  author: string;
  category: Category;
  totalPages: number;
  tags: string[];
  description: string;
  year: number;
};

/** mulberry32: small, fast, seeded; the same seed gives the same catalogue. */
export function createRng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  /** A uuid v4 built from the generator, so ids are reproducible too. */
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
    hex[12] = '4';
    hex[16] = '89ab'[Math.floor(next() * 4)] as string;
    const s = hex.join('');
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  };
  return { next, int, pick, uuid };
}
export type Rng = ReturnType<typeof createRng>;

// Elision before a vowel or a mute h: l'hiver, de l'œuvre.
const elides = (w: string) => /^[aâàeéèêëiîïoôœuûùhy]/i.test(w);
const def = (n: Noun) => (elides(n.w) ? `l'${n.w}` : `${n.g === 'm' ? 'le' : 'la'} ${n.w}`);
const ofDef = (n: Noun) =>
  elides(n.w) ? `de l'${n.w}` : n.g === 'm' ? `du ${n.w}` : `de la ${n.w}`;
const indef = (n: Noun) => `${n.g === 'm' ? 'un' : 'une'} ${n.w}`;
const agree = (n: Noun, a: [string, string]) => (n.g === 'm' ? a[0] : a[1]);
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function novelTitle(r: Rng): string {
  const n = r.pick(novelNouns);
  const n2 = r.pick(novelNouns);
  const a = r.pick(adjectives);
  switch (r.int(0, 7)) {
    case 0:
      return `${def(n)} ${agree(n, a)}`;
    case 1:
      return `${def(n)} ${ofDef(n2)}`;
    case 2:
      return `${indef(n)} ${agree(n, a)} à ${r.pick(places)}`;
    case 3:
      return `${def(n)} et ${def(n2)}`;
    case 4:
      return `les ${r.pick(pluralNouns)} de ${r.pick(places)}`;
    case 5:
      return `${r.pick(places)}, ${r.int(1789, 2019)}`;
    case 6:
      return `à ${def(n)} ${ofDef(n2)}`;
    default:
      return `${def(n)} ${agree(n, a)} ${ofDef(n2)}`;
  }
}

function religionTitle(r: Rng): string {
  const n = r.pick(spiritualNouns);
  switch (r.int(0, 5)) {
    case 0:
      return `méditations sur ${def(n)}`;
    case 1:
      return `le chemin ${ofDef(n)}`;
    case 2:
      return `lettres à ${r.pick(firstNames)} sur ${def(n)}`;
    case 3:
      return `petite théologie ${ofDef(n)}`;
    case 4:
      return `le livre ${ofDef(n)}`;
    default:
      return `prières pour ${def(n)}`;
  }
}

function essayTitle(r: Rng): string {
  const n = r.pick(essayNouns);
  const n2 = r.pick(essayNouns);
  switch (r.int(0, 6)) {
    case 0:
      return `essai sur ${def(n)}`;
    case 1:
      return `petit traité ${ofDef(n)}`;
    case 2:
      return `éloge ${ofDef(n)}`;
    case 3:
      return `réflexions sur ${def(n)} et ${def(n2)}`;
    case 4:
      return `pour une philosophie ${ofDef(n)}`;
    case 5:
      return `contre ${def(n)}`;
    default:
      return `ce que ${def(n)} nous apprend`;
  }
}

function bioTitle(r: Rng): string {
  const who = `${r.pick(firstNames)} ${r.pick(lastNames)}`;
  const p = r.pick(professions);
  switch (r.int(0, 4)) {
    case 0:
      return `${who} : une vie`;
    case 1:
      return `la vie de ${who}`;
    case 2:
      return `mémoires d'un ${p[0]}`;
    case 3:
      return `souvenirs d'une ${p[1]} à ${r.pick(places)}`;
    default:
      return `${who}, ${p[0]}`;
  }
}

const titles = {
  litterature: novelTitle,
  religion: religionTitle,
  essai: essayTitle,
  bio: bioTitle,
};
const categoryWeights: [Category, number][] = [
  ['litterature', 0.55],
  ['essai', 0.2],
  ['bio', 0.15],
  ['religion', 0.1],
];

function description(r: Rng, category: Category): string {
  const n = r.pick(novelNouns);
  const n2 = r.pick(novelNouns);
  const place = r.pick(places);
  const who = r.pick(firstNames);
  const openings: Record<Category, string> = {
    litterature: `À ${place}, ${who} découvre ${def(n)} ${agree(n, r.pick(adjectives))}.`,
    religion: `Un chemin de prière et de silence, de ${place} jusqu'au désert.`,
    essai: `Que reste-t-il ${ofDef(r.pick(essayNouns))} quand on y pense vraiment ?`,
    bio: `De ${place} à Paris, la vie de ${who}, racontée sans fard.`,
  };
  const middle = [
    `Un récit sur ${def(n)} et ${def(n2)}, où chaque page garde un peu ${ofDef(n2)}.`,
    `Entre ${def(n)} et ${def(n2)}, une voix française singulière, à la fois tendre et amère.`,
    `Une œuvre où l'on croise des garçons, des sœurs, des cœurs inquiets et des étés brûlés.`,
  ];
  const closing = ['Un classique à redécouvrir.', 'Premier livre traduit en anglais.', ''];
  return [openings[category], r.pick(middle), r.pick(closing)].filter(Boolean).join(' ');
}

/** Page counts 40–1900, most books between 150 and 450 (a rough log-normal). */
function pages(r: Rng): number {
  const gaussian = (r.next() + r.next() + r.next() + r.next() - 2) / 0.577;
  return Math.min(1900, Math.max(40, Math.round(Math.exp(5.6 + 0.55 * gaussian))));
}

export function fakeBook(r: Rng): FakeBook {
  let roll = r.next();
  let category: Category = 'litterature';
  for (const [c, w] of categoryWeights) {
    category = c;
    roll -= w;
    if (roll < 0) break;
  }
  const tagCount = r.int(1, 4);
  const bookTags = new Set<string>();
  while (bookTags.size < tagCount) bookTags.add(r.pick(tags));
  return {
    title: capitalise(titles[category](r)),
    author: `${r.pick(firstNames)} ${r.pick(lastNames)}`,
    category,
    totalPages: pages(r),
    tags: [...bookTags],
    description: description(r, category),
    // Skewed towards recent years, as a real catalogue is.
    year: Math.round(2025 - 400 * r.next() ** 3),
  };
}
