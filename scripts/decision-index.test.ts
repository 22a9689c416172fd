import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The decision index is written by hand (each row carries a title, a date and a status), so
// this test is what keeps it whole: records 033 and 034 once went unlisted for days.
const decisions = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/decisions');
const records = fs
  .readdirSync(decisions)
  .filter((name) => /^\d{3}-.+\.md$/.test(name) && !name.startsWith('000-'))
  .sort();
const index = fs.readFileSync(path.join(decisions, 'README.md'), 'utf8');
const indexed = [...index.matchAll(/^\| (\d{3}) \| \[[^\]]+\]\((\d{3}-[^)]+\.md)\)/gm)].map(
  ([, number, file]) => ({ number, file: file ?? '' }),
);

describe('the decision index (docs/decisions/README.md)', () => {
  it('lists every decision record once, in order', () => {
    expect(indexed.map((row) => row.file)).toEqual(records);
  });

  it('numbers each row as its file', () => {
    for (const row of indexed) expect(row.file.startsWith(`${row.number}-`), row.file).toBe(true);
  });
});
