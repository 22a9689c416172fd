import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './fixtures/accounts';
import { signUpReader } from './fixtures/live';
import { overflowingScreens, type ScreenParams, screenPaths } from './fixtures/screens';
import { validateSegments } from './fixtures/validation';

// No screen is wider than the window (docs/architecture.md#screens): every route of the
// router, signed out and signed in with data that tends to push pages wide (a yearly goal, a
// reading calendar with days, a chat message, a 50-letter name, long titles), at a phone's
// 360 px and a desktop's 1280 px. The back office: e2e/admin-overflow.spec.ts.

const FINISHED = 'micromegas-voltaire';
const LONG_TITLES = [
  'discours-sur-l-origine-et-les-fondements-de-l-inegalite-parmi-les-hommes-jean-jacques-rousseau',
  'le-tour-du-monde-en-quatre-vingts-jours-jules-verne',
];

async function bookId(request: APIRequestContext, slug: string): Promise<string> {
  const response = await request.get(`/api/books/${slug}`);
  expect(response.status(), slug).toBe(200);
  return ((await response.json()) as { book: { id: string } }).book.id;
}

async function firstBlogSlug(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/blog/posts');
  const { items } = (await response.json()) as { items: { slug: string }[] };
  const slug = items[0]?.slug;
  if (!slug) throw new Error('the demo blog has no post');
  return slug;
}

/** A reader with everything that makes screens wide; returns the screens' parameters. */
async function readerWithData(page: Page, origin: string): Promise<ScreenParams> {
  // One unbreakable word of 50 letters, the longest name allowed.
  const nonce = Math.random().toString(36).slice(2, 8);
  const name = `Anticonstitutionnellementextraordinaire${nonce}`.slice(0, 50);
  const reader = await signUpReader(page, { email: uniqueEmail('largeur'), name, origin });
  const post = (url: string, data: unknown, method: 'post' | 'put' = 'post') =>
    page.request[method](url, { data, headers: { origin } });
  for (const slug of [FINISHED, ...LONG_TITLES]) {
    const added = await post('/api/reading-list', { bookId: await bookId(page.request, slug) });
    expect(added.status(), await added.text()).toBe(201);
  }
  // A finished book: days in the calendar, a badge, its chat and its discussions open.
  await validateSegments(page.request, { slug: FINISHED, origin });
  const year = new Date().getFullYear();
  const goal = await post(`/api/me/goals/${year}`, { kind: 'pages', target: 12000 }, 'put');
  expect(goal.status(), await goal.text()).toBe(200);
  // A reading circle with the longest name, one unbreakable word (its page and its link).
  const circle = await post('/api/circles', {
    bookId: await bookId(page.request, FINISHED),
    name: `Cerclesansfinpourlireensembleleslivresdumonde${nonce}`.slice(0, 60),
    startDay: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date()),
    paceDays: 3,
  });
  expect(circle.status(), await circle.text()).toBe(201);
  const circleId = ((await circle.json()) as { id: string }).id;
  const circlePage = await page.request.get(`/api/circles/${circleId}`);
  const { inviteCode } = ((await circlePage.json()) as { circle: { inviteCode: string } }).circle;
  const message = await post(`/api/books/${FINISHED}/chat`, {
    content: `${'Incroyablementextraordinairementlong'.repeat(3)} : quel voyage, ce Micromégas !`,
  });
  expect(message.status(), await message.text()).toBe(201);
  const discussion = await post(`/api/books/${FINISHED}/discussions/1`, {
    content: `${'Anticonstitutionnellementdiscuté'.repeat(4)} : et ce Sirien, quel géant !`,
  });
  expect(discussion.status(), await discussion.text()).toBe(201);
  return {
    book: LONG_TITLES[0] as string,
    blogPost: await firstBlogSlug(page.request),
    finishedBook: FINISHED,
    reader: reader.id,
    circle: circleId,
    invitation: inviteCode,
  };
}

for (const width of [360, 1280]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('no screen is wider than the window, signed out', async ({
      page,
      request,
      createAccount,
    }) => {
      test.setTimeout(300_000);
      // Someone else's profile and lists, as a visitor would open them from a link.
      await createAccount(request, uniqueEmail('largeur-autre'));
      const session = await request.get('/api/auth/session');
      const { user } = (await session.json()) as { user: { id: string } };
      const params: ScreenParams = {
        book: LONG_TITLES[0] as string,
        blogPost: await firstBlogSlug(request),
        finishedBook: FINISHED,
        reader: user.id,
        // A visitor is sent to sign in from both.
        circle: '00000000-0000-4000-8000-000000000000',
        invitation: 'A'.repeat(22),
      };
      expect(await overflowingScreens(page, screenPaths('app', params))).toEqual([]);
    });

    test('no screen is wider than the window, signed in with data', async ({ page, origin }) => {
      test.setTimeout(360_000);
      const params = await readerWithData(page, origin);
      expect(await overflowingScreens(page, screenPaths('app', params))).toEqual([]);
    });
  });
}
