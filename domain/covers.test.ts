import { describe, expect, it } from 'vitest';
import {
  COVER_MAX_BYTES,
  coverFileProblem,
  coverGroupOf,
  coverSrcSets,
  parseCoverFile,
} from './covers';
import { autoCoverQuerySchema, autoCoverStartSchema } from './covers.schemas';

describe('the auto-covers limit (1 to 2000, 500 when empty)', () => {
  it('takes 500 when empty or absent', () => {
    expect(autoCoverQuerySchema.parse({}).limit).toBe(500);
    expect(autoCoverQuerySchema.parse({ limit: '' }).limit).toBe(500);
    expect(autoCoverQuerySchema.parse({ limit: '  ' }).limit).toBe(500);
    expect(autoCoverStartSchema.parse({}).limit).toBe(500);
  });

  it('takes a whole number from 1 to 2000, as text or number', () => {
    expect(autoCoverQuerySchema.parse({ limit: '1' }).limit).toBe(1);
    expect(autoCoverQuerySchema.parse({ limit: ' 2000 ' }).limit).toBe(2000);
    expect(autoCoverStartSchema.parse({ limit: 42 }).limit).toBe(42);
  });

  it('refuses anything else with the French message', () => {
    for (const limit of ['0', '2001', '-1', '1.5', 'abc', 0, 2001, 3.2, true]) {
      const result = autoCoverStartSchema.safeParse({ limit });
      expect(result.success, String(limit)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(
        'La limite doit être un nombre entier de 1 à 2000.',
      );
    }
  });

  it('knows the groups, all by default', () => {
    expect(autoCoverQuerySchema.parse({}).group).toBe('all');
    expect(autoCoverQuerySchema.parse({ group: 'talmud' }).group).toBe('talmud');
    expect(autoCoverQuerySchema.safeParse({ group: 'coran' }).error?.issues[0]?.message).toBe(
      'Groupe inconnu.',
    );
  });
});

describe('a book’s group, by its tags', () => {
  it('classifies the religious groups, and every other book as autres', () => {
    expect(coverGroupOf(['Bible', 'Ancien Testament'])).toBe('ancien-testament');
    expect(coverGroupOf(['Nouveau Testament', 'évangile'])).toBe('nouveau-testament');
    expect(coverGroupOf(['Talmud'])).toBe('talmud');
    expect(coverGroupOf(['roman'])).toBe('autres');
    expect(coverGroupOf([])).toBe('autres');
  });
});

describe('cover files and URLs', () => {
  it('derives the srcsets from a catalogue cover URL, and nothing from another', () => {
    const sets = coverSrcSets('/covers/candide-voltaire.jpg?v=0123456789ab');
    expect(sets?.webp).toBe(
      '/covers/candide-voltaire/0123456789ab-256.webp 256w, /covers/candide-voltaire/0123456789ab-512.webp 512w',
    );
    expect(sets?.jpg).toContain('-512.jpg 512w');
    expect(coverSrcSets(null)).toBeNull();
    expect(coverSrcSets('https://ailleurs.example/x.jpg')).toBeNull();
    expect(coverSrcSets('/covers/../x.jpg?v=0123456789ab')).toBeNull();
  });

  it('parses a file name under /covers/<slug>/', () => {
    expect(parseCoverFile('0123456789ab-256.avif')).toEqual({
      version: '0123456789ab',
      variant: '256.avif',
    });
    expect(parseCoverFile('0123456789ab-300.avif')).toBeNull();
    expect(parseCoverFile('0123456789ab-256.png')).toBeNull();
    expect(parseCoverFile('../x-256.jpg')).toBeNull();
  });

  it('checks a chosen file before sending it, in the spec’s words', () => {
    expect(coverFileProblem({ type: 'text/plain', size: 10 })).toBe(
      'Veuillez sélectionner un fichier image',
    );
    expect(coverFileProblem({ type: 'image/png', size: 0 })).toBe(
      'Veuillez sélectionner un fichier image',
    );
    expect(coverFileProblem({ type: 'image/png', size: COVER_MAX_BYTES + 1 })).toBe(
      "L'image doit faire moins de 5MB",
    );
    expect(coverFileProblem({ type: 'image/jpeg', size: COVER_MAX_BYTES })).toBeNull();
  });
});
