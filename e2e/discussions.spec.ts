import type { Page } from '@playwright/test';
import { discussionMessages as m } from '../domain/messages/discussions';
import { fill } from '../domain/messages/fill';
import { notificationMessages } from '../domain/messages/notifications';
import { expect, test, uniqueEmail } from './fixtures/accounts';
import { animationsDone, expectNoAxeViolations } from './fixtures/axe';
import {
  expectSameDocument,
  liveStreamOpened,
  markDocument,
  readerPage,
  signUpReader,
} from './fixtures/live';
import { validateSegments } from './fixtures/validation';

// Segment discussions against the real server (decision 054), three readers in browser
// contexts of their own: A and B validated segment 1 of a book, A posts and B sees it live and
// replies; C, who has not validated it, sees how many readers talk there but never what they
// say, and the API refuses C. Every wait is for a state.

// No other spec uses this book: its discussions are this file's alone.
const MARC = 'l-evangile-selon-marc-tradition-biblique'; // 'L'Évangile selon Marc', 3 segments
const PAGES_1 = fill(m.pagesLabel, { from: 1, to: 30 });

/** Names of this run only. */
const nonce = () => Math.random().toString(36).slice(2, 7);

const thread = (page: Page, text: string) =>
  page.getByRole('log', { name: m.listLabel }).getByRole('listitem').filter({ hasText: text });

test('A posts in segment 1, B sees it live and replies; C, who has not read it, sees the count only and is refused', async ({
  browser,
  baseURL,
  origin,
}) => {
  test.setTimeout(150_000); // three readers, two validations and axe runs on a busy machine
  const run = nonce();
  const [a, b, c] = [
    await signUpReader(await readerPage(browser, baseURL), {
      email: uniqueEmail('discussion-a'),
      name: `Aurore ${run}`,
      origin,
    }),
    await signUpReader(await readerPage(browser, baseURL), {
      email: uniqueEmail('discussion-b'),
      name: `Barnabé ${run}`,
      origin,
    }),
    await signUpReader(await readerPage(browser, baseURL), {
      email: uniqueEmail('discussion-c'),
      name: `Céleste ${run}`,
      origin,
    }),
  ];
  for (const reader of [a, b]) {
    await validateSegments(reader.page.request, { slug: MARC, origin, count: 1 });
  }

  // A, on the book page: segment 1's discussion is open, with no message yet; segment 2 is not
  // listed (nobody talks there), the finished-book room is the last, still closed, step.
  await a.page.goto(`/books/${MARC}`);
  const section = a.page.getByRole('region', { name: m.sectionTitle });
  const entry = section.getByRole('link', {
    name: new RegExp(fill(m.openLabel, { from: 1, to: 30 })),
  });
  await expect(entry).toContainText(m.postsNone);
  await expect(section.getByText(m.salon)).toBeVisible();
  await expect(section.getByText(m.salonLocked)).toBeVisible();
  const aInRoom = liveStreamOpened(a.page, { room: true });
  await entry.click();
  await expect(a.page).toHaveURL(new RegExp(`/books/${MARC}/discussions/1$`));
  await expect(
    a.page.getByRole('heading', { level: 1, name: fill(m.titleOf, { from: 1, to: 30 }) }),
  ).toBeVisible();
  await expect(a.page.getByText(m.emptyTitle)).toBeVisible();
  await aInRoom;

  // B opens the same discussion, with the stream that receives it.
  const bInRoom = liveStreamOpened(b.page, { room: true });
  await b.page.goto(`/books/${MARC}/discussions/1`);
  await expect(b.page.getByText(m.emptyTitle)).toBeVisible();
  await bInRoom;
  await markDocument(b.page);

  // A posts: B sees it without a reload, with A's name and « Signaler ».
  const words = `Le secret messianique, dès le premier chapitre ! (${run})`;
  await a.page.getByRole('textbox', { name: m.inputLabel }).fill(words);
  await a.page.getByRole('button', { name: m.send }).click();
  await expect(a.page.getByText(m.sent)).toBeVisible();
  await expect(thread(a.page, words)).toBeVisible();
  await expect(a.page.getByRole('textbox', { name: m.inputLabel })).toHaveValue('');
  await expect(thread(b.page, words)).toBeVisible();
  await expect(thread(b.page, words).getByRole('link', { name: a.name })).toBeVisible();
  await expect(thread(b.page, words).getByRole('button', { name: m.report })).toBeVisible();
  await expectSameDocument(b.page);

  // B replies under A's post; A sees the reply arrive, and is told in the bell.
  await markDocument(a.page);
  await thread(b.page, words).getByRole('button', { name: m.reply }).click();
  const replyWords = `Et ce jeune homme qui s’enfuit nu… (${run})`;
  const replyBox = b.page.getByRole('textbox', { name: fill(m.replyLabel, { name: a.name }) });
  await expect(replyBox).toBeFocused();
  await replyBox.fill(replyWords);
  await b.page.getByRole('button', { name: m.sendReply, exact: true }).click();
  await expect(thread(b.page, words).getByText(replyWords)).toBeVisible();
  const replies = thread(a.page, words).getByRole('list', {
    name: fill(m.repliesLabel, { name: a.name }),
  });
  await expect(replies.getByText(replyWords)).toBeVisible();
  await expect(replies.getByRole('link', { name: b.name })).toBeVisible();
  const toast = a.page.locator('[data-sonner-toast]').filter({ hasText: '📢 Notification' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(
    fill(notificationMessages.discussionReply, { actor: b.name, from: 1, to: 30, title: '' }).split(
      ' de «',
    )[0] as string,
  );
  await expectSameDocument(a.page);

  // A gives B's reply a Booky.
  const booky = replies.getByRole('button', { name: fill(m.giveBooky, { name: b.name }) });
  await booky.click();
  await expect(
    replies.getByRole('button', { name: fill(m.takeBooky, { name: b.name }) }),
  ).toHaveAttribute('aria-pressed', 'true');

  // The discussion at a phone's width and a desktop's: no sideways scroll, no axe violation.
  for (const width of [360, 1280]) {
    await a.page.setViewportSize({ width, height: 900 });
    await expect(thread(a.page, words)).toBeVisible();
    await animationsDone(a.page);
    const overflow = await a.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(a.page, `discussion at ${width} px`, {
      exclude: ['[data-sonner-toaster]'],
    });
  }

  // C, who has not validated segment 1: the book page says two readers talk there, and
  // nothing of what they say; no link to it.
  await c.page.goto(`/books/${MARC}`);
  const cSection = c.page.getByRole('region', { name: m.sectionTitle });
  const closed = cSection.getByRole('listitem').filter({ hasText: PAGES_1 });
  await expect(closed).toContainText(fill(m.readersMany, { count: 2 }));
  await expect(closed).toContainText(m.locked);
  await expect(closed.getByRole('link')).toHaveCount(0);
  await expect(c.page.getByText(words)).toHaveCount(0);
  expect(await c.page.content()).not.toContain('messianique');

  // Going to the discussion's address sends C back to the book page with the reason.
  await c.page.goto(`/books/${MARC}/discussions/1`);
  await expect(c.page).toHaveURL(new RegExp(`/books/${MARC}$`));
  await expect(c.page.getByRole('alert').filter({ hasText: m.accessDenied })).toBeVisible();

  // The API refuses C, reading and writing, and says nothing of the posts.
  const read = await c.page.request.get(`/api/books/${MARC}/discussions/1`);
  expect(read.status()).toBe(403);
  const readBody = await read.text();
  expect(JSON.parse(readBody).error.message).toBe(m.accessDenied);
  expect(readBody).not.toContain('messianique');
  const write = await c.page.request.post(`/api/books/${MARC}/discussions/1`, {
    data: { content: 'Je n’ai pas lu mais je parle' },
    headers: { origin },
  });
  expect(write.status()).toBe(403);
  expect((await write.json()).error.message).toBe(m.accessDenied);
  const room = await c.page.request.get(`/api/live?room=discussion:${await bookId(c.page)}-1`);
  expect(room.status()).toBe(403);
  // The discussion shows no post of C's.
  await a.page.reload();
  await expect(thread(a.page, words)).toBeVisible();
  await expect(a.page.getByText('Je n’ai pas lu')).toHaveCount(0);

  for (const reader of [a, b, c]) await reader.page.context().close();
});

async function bookId(page: Page): Promise<string> {
  const res = await page.request.get(`/api/books/${MARC}`);
  return ((await res.json()) as { book: { id: string } }).book.id;
}
