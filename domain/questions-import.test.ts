import { describe, expect, it } from 'vitest';
import { planImport } from './questions-import';

const book = { slug: 'candide-voltaire', expected: 4, existing: [] as number[] };

describe('planImport', () => {
  it('reads the JSON of data/questions, answers trimmed and lower-cased', () => {
    const json = JSON.stringify(
      {
        book: 'candide-voltaire',
        questions: [
          { segment: 2, question: ' Où ? ', answer: ' Lisbonne ' },
          { segment: 1, question: 'Qui ?', answer: 'Pangloss' },
        ],
      },
      null,
      2,
    );
    expect(planImport('json', json, book)).toEqual({
      ok: true,
      notices: [],
      questions: [
        { segment: 1, question: 'Qui ?', answer: 'pangloss' },
        { segment: 2, question: 'Où ?', answer: 'lisbonne' },
      ],
    });
  });

  it('names the line of each bad JSON question, and refuses the whole file', () => {
    const json = `{
  "book": "candide-voltaire",
  "questions": [
    { "segment": 1, "question": "Qui ?", "answer": "Pangloss" },
    { "segment": 2, "question": "", "answer": "deux mots" },
    { "segment": 9, "question": "Quoi ?", "answer": "x" }
  ]
}`;
    expect(planImport('json', json, book)).toEqual({
      ok: false,
      errors: [
        'Ligne 5\u00a0: Question invalide : La question ne peut pas être vide',
        'Ligne 5\u00a0: La réponse doit contenir un seul mot',
        'Ligne 6\u00a0: Ce segment est au-delà de la fin du livre',
      ],
    });
  });

  it("refuses another book's file and broken JSON", () => {
    const other = JSON.stringify({ book: 'zadig-voltaire', questions: [] });
    expect(planImport('json', other, book)).toEqual({
      ok: false,
      errors: ['Ce fichier est celui du livre «\u00a0zadig-voltaire\u00a0»'],
    });
    const broken = planImport('json', '{ "questions": [', book);
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.errors[0]).toMatch(/^JSON invalide/);
  });

  it('reads CSV with a header, quotes and either separator; names bad lines', () => {
    const csv =
      'segment;question;réponse\n1;"Qui dit ""tout est pour le mieux"" ?";Pangloss\n\n3,Où ?,Lisbonne\n';
    expect(planImport('csv', csv, book)).toEqual({
      ok: false,
      errors: ['Ligne 4\u00a0: Trois colonnes attendues (segment;question;réponse)'],
    });
    const good =
      'segment;question;réponse\n1;"Qui dit ""tout va bien"" ?";Pangloss\n3;Où ?;Lisbonne\n';
    expect(planImport('csv', good, book)).toMatchObject({
      ok: true,
      questions: [
        { segment: 1, question: 'Qui dit "tout va bien" ?', answer: 'pangloss' },
        { segment: 3, answer: 'lisbonne' },
      ],
    });
    expect(planImport('csv', '1;Qui ?;Pangloss\n1;Encore ?;Martin\nabc;Quoi ?;x', book)).toEqual({
      ok: false,
      errors: [
        'Ligne 2\u00a0: Segment 1 en double',
        'Ligne 3\u00a0: Segment invalide (un nombre entier à partir de 1)',
      ],
    });
  });

  it('moves segment 0 to 1, or drops it when segment 1 exists', () => {
    expect(planImport('csv', '0;Qui ?;Pangloss\n2;Où ?;Lisbonne', book)).toMatchObject({
      ok: true,
      notices: ['Segment 0 déplacé en segment 1'],
      questions: [{ segment: 1 }, { segment: 2 }],
    });
    expect(planImport('csv', '0;Qui ?;Pangloss', { ...book, existing: [1] })).toMatchObject({
      ok: true,
      notices: ['Segment 0 supprimé (le segment 1 existe déjà)'],
      questions: [],
    });
  });

  it('refuses an empty file', () => {
    expect(planImport('csv', '\n\n', book)).toEqual({
      ok: false,
      errors: ['Le fichier ne contient aucune question'],
    });
  });
});
