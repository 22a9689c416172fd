import sharp from 'sharp';
import { expect } from 'vitest';
import { origin, type TestApp } from '../../test/app';
import { cookieOf, createBook, createQuestions, createReader } from '../../test/factories';

// A reader's full state, built and read through the API only: the backup tests compare it
// before a backup and after a restore (decision 022).

export type ReaderState = { email: string; password: string; otherId: string; bookId: string };

/** Léa follows Marc, reads a 90-page book with two segments validated, and has a photo. */
export async function buildReaderState(t: TestApp): Promise<ReaderState> {
  const lea = await createReader(t.app, { password: 'lea-mot-de-passe' });
  const marc = await createReader(t.app);
  const book = await createBook(t.database.db, { totalPages: 90 });
  await createQuestions(t.database.db, book);
  const as = { ...origin, cookie: lea.cookie };
  const ok = async (res: Promise<{ statusCode: number; body: string }>, status = 200) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(status);
  };
  await ok(
    t.app.inject({
      method: 'POST',
      url: '/api/reading-list',
      headers: as,
      payload: { bookId: book.id },
    }),
    201,
  );
  for (const segment of [1, 2]) {
    await ok(
      t.app.inject({
        method: 'POST',
        url: `/api/books/${book.id}/segments/${segment}/answer`,
        headers: as,
        payload: { answer: `mot${segment}` },
      }),
    );
  }
  await ok(t.app.inject({ method: 'PUT', url: `/api/follows/${marc.id}`, headers: as }));
  const photo = await sharp({
    create: { width: 320, height: 240, channels: 3, background: '#8e44ad' },
  })
    .png()
    .toBuffer();
  await ok(
    t.app.inject({
      method: 'PUT',
      url: '/api/profiles/me/avatar',
      headers: { ...as, 'content-type': 'image/png' },
      payload: photo,
    }),
  );
  return { email: lea.email, password: lea.password, otherId: marc.id, bookId: book.id };
}

/** Signs in with the password, then reads everything the reader sees of their own state. */
export async function readReaderState(t: TestApp, state: ReaderState) {
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: origin,
    payload: { email: state.email, password: state.password },
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  const cookie = cookieOf(signIn);
  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res;
  };
  const me = (await get('/api/profiles/me')).json();
  const avatar = me.avatarUrl ? (await get(me.avatarUrl)).rawPayload.toString('base64') : null;
  return {
    me,
    avatar,
    list: (await get('/api/reading-list')).json(),
    stats: (await get('/api/me/stats')).json(),
    achievements: (await get('/api/me/achievements')).json(),
    other: (await get(`/api/profiles/${state.otherId}`)).json(),
    validation: (await get(`/api/books/${state.bookId}/validation`)).json(),
  };
}
