import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { callAs } from '../../test/call-as';
import {
  createBook,
  createQuestions,
  createReader,
  grantXp,
  type Reader,
} from '../../test/factories';

// The answer and joker responses say the level a validation reached, so the book page can
// celebrate it (levels: domain/levels.ts, decision 018). Questions answer `mot<segment>`.
describe('the level a validation reaches', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const post = (reader: Reader, url: string, payload: object) =>
    callAs(t.app, reader).post(url, payload);
  const withXp = (reader: Reader, amount: number) => grantXp(t.database.db, reader.id, amount);

  it('is in the answer when the XP crosses a level, null when it does not', async () => {
    const reader = await createReader(t.app);
    await withXp(reader, 95);
    const book = await createBook(t.database.db, { totalPages: 150 });
    await createQuestions(t.database.db, book);

    const first = await post(reader, `/api/books/${book.id}/segments/1/answer`, { answer: 'mot1' });
    expect(first.statusCode).toBe(200);
    expect(first.json().rewards.levelReached).toBe(2); // 95 + 10 ≥ 100

    const second = await post(reader, `/api/books/${book.id}/segments/2/answer`, {
      answer: 'mot2',
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().rewards.levelReached).toBeNull();
  });

  it('is in the joker’s response too', async () => {
    const reader = await createReader(t.app);
    await withXp(reader, 245);
    const book = await createBook(t.database.db, { totalPages: 150 });
    await createQuestions(t.database.db, book);
    await post(reader, `/api/books/${book.id}/segments/1/answer`, { answer: 'faux' });
    const spent = await post(reader, `/api/books/${book.id}/segments/1/joker`, {});
    expect(spent.statusCode).toBe(200);
    expect(spent.json().rewards.levelReached).toBe(3); // 245 + 10 ≥ 250
  });
});
