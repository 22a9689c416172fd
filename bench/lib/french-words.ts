// Word lists for the synthetic catalogue (bench/generate-catalogue.ts). Accents, cedillas
// and ligatures on purpose: search must fold them (é, è, à, ç, œ, ï, ô…).

export type Noun = { w: string; g: 'm' | 'f' };

const m = (...words: string[]): Noun[] => words.map((w) => ({ w, g: 'm' }));
const f = (...words: string[]): Noun[] => words.map((w) => ({ w, g: 'f' }));

export const novelNouns: Noun[] = [
  ...m('jardin', 'silence', 'voyage', 'cœur', 'secret', 'chemin', 'rivage', 'hiver', 'été'),
  ...m('automne', 'fleuve', 'désert', 'royaume', 'château', 'village', 'miroir', 'regard'),
  ...m('souvenir', 'songe', 'destin', 'poème', 'frère', 'père', 'orage', 'oiseau', 'navire'),
  ...m('phare', 'témoin', 'exil', 'vœu', 'berceau', 'matin', 'soir', 'crépuscule', 'verger'),
  ...m('labyrinthe', 'moulin', 'garçon', 'héritage', 'pèlerinage', 'étranger', 'écho', 'bal'),
  ...f('lumière', 'rivière', 'forêt', 'maison', 'nuit', 'mémoire', 'mer', 'saison', 'lettre'),
  ...f('route', 'île', 'fenêtre', 'étoile', 'vallée', 'montagne', 'promesse', 'sœur', 'mère'),
  ...f('fille', 'prière', 'colère', 'légende', 'chanson', 'tempête', 'frontière', 'leçon'),
  ...f('façade', 'œuvre', 'cendre', 'aube', 'ombre', 'absence', 'grâce', 'vérité', 'fièvre'),
  ...f('neige', 'pluie', 'rue', 'plage', 'chambre', 'horloge', 'âme', 'épreuve', 'dentelle'),
];

export const pluralNouns = [
  'enfants',
  'oiseaux',
  'jardins',
  'rêveurs',
  'ombres',
  'étés',
  'saisons',
  'lettres',
  'chemins',
  'amants',
  'fantômes',
  'héritiers',
  'naufragés',
  'étrangers',
  'âmes',
  'sœurs',
  'frères',
  'misérables',
  'garçons',
  'filles',
];

export const spiritualNouns: Noun[] = [
  ...m('silence', 'pardon', 'cœur', 'désert', 'pèlerinage', 'chemin', 'mystère', 'psaume'),
  ...f('espérance', 'foi', 'charité', 'prière', 'grâce', 'âme', 'lumière', 'miséricorde'),
  ...f('sagesse', 'vérité', 'paix', 'louange', 'contemplation', 'conversion', 'providence'),
];

export const essayNouns: Noun[] = [
  ...m('ennui', 'travail', 'silence', 'progrès', 'hasard', 'doute', 'bonheur', 'goût'),
  ...m('temps', 'langage', 'pouvoir', 'désir', 'loisir', 'savoir', 'génie', 'paysage'),
  ...f('lenteur', 'liberté', 'mémoire', 'démocratie', 'solitude', 'curiosité', 'beauté'),
  ...f('éducation', 'économie', 'écriture', 'lecture', 'colère', 'attention', 'frontière'),
  ...f('politesse', 'fraternité', 'laïcité', 'vieillesse', 'ville', 'nation', 'méfiance'),
];

/** [masculine, feminine] */
export const adjectives: [string, string][] = [
  ['oublié', 'oubliée'],
  ['perdu', 'perdue'],
  ['secret', 'secrète'],
  ['dernier', 'dernière'],
  ['premier', 'première'],
  ['blanc', 'blanche'],
  ['noir', 'noire'],
  ['lointain', 'lointaine'],
  ['silencieux', 'silencieuse'],
  ['éternel', 'éternelle'],
  ['brûlé', 'brûlée'],
  ['interdit', 'interdite'],
  ['immobile', 'immobile'],
  ['fragile', 'fragile'],
  ['sauvage', 'sauvage'],
  ['doré', 'dorée'],
  ['éphémère', 'éphémère'],
  ['inachevé', 'inachevée'],
  ['étrange', 'étrange'],
  ['bleu', 'bleue'],
  ['profond', 'profonde'],
  ['caché', 'cachée'],
  ['ancien', 'ancienne'],
  ['français', 'française'],
  ['léger', 'légère'],
  ['amer', 'amère'],
  ['inquiet', 'inquiète'],
  ['naïf', 'naïve'],
  ['fidèle', 'fidèle'],
];

export const places = [
  'Besançon',
  'Orléans',
  'Nîmes',
  'Angoulême',
  'Lyon',
  'Genève',
  'Québec',
  'Montréal',
  'Dakar',
  'Alger',
  'Saint-Étienne',
  'Bruxelles',
  'Liège',
  'Brocéliande',
  'Valparaíso',
  'Marseille',
  'Vézelay',
  'Pont-Aven',
  'Fès',
  'Tanger',
  'Honfleur',
  'Périgueux',
  'Abidjan',
  'Lausanne',
  'Beyrouth',
  'Compostelle',
];

export const firstNames = [
  ...['Émile', 'Hélène', 'Jérôme', 'François', 'Gaëlle', 'Noël', 'Zoé', 'Chloé', 'Anaïs'],
  ...['Loïc', 'Maëlle', 'Béatrice', 'Célestin', 'Cécile', 'Frédéric', 'Agnès', 'Thérèse'],
  ...['Joël', 'Aurélien', 'Mélanie', 'Rémi', 'Solène', 'Benoît', 'Clémence', 'Gérard'],
  ...['Léa', 'Léon', 'Inès', 'Raphaël', 'Éloïse', 'André', 'Mathilde', 'Hugo', 'Victor'],
  ...['Camille', 'Louise', 'Jeanne', 'Pierre', 'Paul', 'Marguerite', 'Simone', 'Albert'],
  ...['Yasmine', 'Karim', 'Aminata', 'Ousmane', 'Nadia', 'Mehdi', 'Fatoumata', 'Youssef'],
  ...['Geneviève', 'Stéphane', 'Sébastien', 'Amélie', 'Honoré', 'Adèle', 'Édith', 'Blaise'],
  ...['Françoise', 'Ève', 'Gaël', 'Héloïse', 'Jacques', 'Lucie', 'Marcel', 'Noémie', 'Océane'],
];

export const lastNames = [
  ...['Lefèvre', 'Lefebvre', 'Bérenger', 'Garçon', 'Cœur', 'Dupré', 'Hébert', 'Mercier'],
  ...['Fournier', 'Lemaître', 'Boël', 'Piqué', 'Ménard', 'Géraud', 'Château', 'Delacroix'],
  ...['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand'],
  ...['Leroy', 'Moreau', 'Simon', 'Laurent', 'Lefranc', 'Michel', 'Garnier', 'Faure'],
  ...['Rousseau', 'Blanc', 'Guérin', 'Muller', 'Henry', 'Roussel', 'Nicolas', 'Perrin'],
  ...['Morin', 'Mathieu', 'Clément', 'Gauthier', 'Dumont', 'Lopez', 'Fontaine', 'Chevalier'],
  ...['Robin', 'Masson', 'Sanchez', 'Gérard', 'Nguyen', 'Boyer', 'Denis', 'Lemoine'],
  ...['Diallo', 'Traoré', 'Benali', 'Haddad', 'Mbappé', 'Ndiaye', 'Kouassi', 'Saïdi'],
  ...['Desprès', 'Bréhat', 'Lacôte', 'Rivière', 'Lévêque', 'Prévost', 'Côté', 'Thériault'],
  ...['Beaulieu', 'Gagné', 'Bélanger', 'Lévesque', 'Pelletier', 'Bouchard', 'Dufresne'],
  ...['Aubert', 'Vasseur', 'Maréchal', 'Hamelin', 'Carré', 'Forêt', 'Boulanger', 'Jouvet'],
];

export const professions: [string, string][] = [
  ['médecin', 'médecin'],
  ['instituteur', 'institutrice'],
  ['aviateur', 'aviatrice'],
  ['peintre', 'peintre'],
  ['musicien', 'musicienne'],
  ['ingénieur', 'ingénieure'],
  ['boulanger', 'boulangère'],
  ['marin', 'marin'],
  ['comédien', 'comédienne'],
  ['résistant', 'résistante'],
  ['libraire', 'libraire'],
  ['missionnaire', 'missionnaire'],
];

export const tags = [
  'roman',
  'classique',
  'xixe siècle',
  'xxe siècle',
  'poésie',
  'aventure',
  'amour',
  'histoire',
  'famille',
  'guerre',
  'voyage',
  'philosophie',
  'spiritualité',
  'société',
  'nature',
  'jeunesse',
  'mémoire',
  'policier',
  'humour',
  'théâtre',
  'science',
  'francophonie',
];
