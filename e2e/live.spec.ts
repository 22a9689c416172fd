import type { Page } from '@playwright/test';
import { chatMessages } from '../domain/messages/chat';
import { fill, fillPlural } from '../domain/messages/fill';
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

// The live channel against the real server (decision 019): readers in browser
// contexts of their own. A Booky given by B reaches A's bell without a reload; two finishers
// of a book chat live; a reader who has not finished it is turned away. Five sign-ups a run.
// Every wait is for a state: the live stream answered, a count, a message on screen.

const MICROMEGAS = 'micromegas-voltaire'; // 'Micromégas', 2 segments
// The chat's book: no other spec finishes it, so its room is this file's alone.
const RUTH = 'le-livre-de-ruth-tradition-biblique'; // 'Le Livre de Ruth', 2 segments

/** The bell, by its accessible name: 'Notifications' or 'Notifications, n non lue(s)'. */
function bell(page: Page, unread: number) {
  const name =
    unread > 0 ? fillPlural(unread, notificationMessages.bellLabelUnread) : 'Notifications';
  return page.getByRole('banner').getByRole('button', { name, exact: true });
}

/** A popover tab's name with its unread count ('Tous, 2 non lues'; Chromium puts a space before the comma). */
function tabName(label: string, unread: number): RegExp {
  return new RegExp(`^${label} ?, ${fillPlural(unread, notificationMessages.tabUnread)}$`);
}

/** axe at a phone's width and a desktop's; toasts are left out (their fade has no settled colours). */
async function expectAccessible(page: Page, ready: () => Promise<void>) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await ready();
    await animationsDone(page);
    await expectNoAxeViolations(page, `${page.url()} at ${width} px`, {
      exclude: ['[data-sonner-toaster]'],
    });
  }
}

/** Names of this run only: the feed and the rooms may show other tests' readers. */
const nonce = () => Math.random().toString(36).slice(2, 7);

test("B gives A's finished book a Booky: A's bell counts it without a reload, A reads it in the popover", async ({
  browser,
  baseURL,
  origin,
}) => {
  test.setTimeout(120_000); // two readers, a whole book and two axe runs on a busy machine
  const run = nonce();
  const a = await signUpReader(await readerPage(browser, baseURL), {
    email: uniqueEmail('live-a'),
    name: `Alice ${run}`,
    origin,
  });
  const b = await signUpReader(await readerPage(browser, baseURL), {
    email: uniqueEmail('live-b'),
    name: `Bastien ${run}`,
    origin,
  });

  // B follows A (A's activities then head B's feed, whatever the other tests write): A's
  // first notification, 'new follower', in the Social tab. A finishes Micromégas.
  const followed = await b.page.request.put(`/api/follows/${a.id}`, { headers: { origin } });
  expect(followed.status(), await followed.text()).toBe(200);
  await validateSegments(a.page.request, { slug: MICROMEGAS, origin });

  // A sits on /home: the bell says one unread, the tab's live stream is open.
  const aLive = liveStreamOpened(a.page);
  await a.page.goto('/home');
  await aLive;
  await markDocument(a.page);
  await expect(bell(a.page, 1)).toBeVisible();
  await expect(a.page.getByTestId('bell-badge')).toHaveText('1');

  // B, on /discover, gives A's finished book a Booky with the button.
  await b.page.goto('/discover');
  const activity = b.page
    .locator('[data-activity]')
    .filter({ hasText: `${a.name} a terminé « Micromégas »` });
  await expect(activity.getByText('0 Booky')).toBeVisible();
  await activity.getByRole('button', { name: 'Donner un Booky' }).click();
  await expect(activity.getByText('1 Booky')).toBeVisible();

  // A, without a reload: the count rises, the toast says it.
  const bookyText = fill(notificationMessages.bookyReceived, {
    actor: b.name,
    title: 'Micromégas',
  });
  await expect(bell(a.page, 2)).toBeVisible();
  await expect(a.page.getByTestId('bell-badge')).toHaveText('2');
  const toast = a.page.locator('[data-sonner-toast]').filter({ hasText: '📢 Notification' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(bookyText);
  await expectSameDocument(a.page);

  // The popover: B's Booky on top in 'Tous', and in 'Social'; not in 'Séries'.
  await bell(a.page, 2).click();
  const popover = a.page.getByRole('dialog', { name: 'Notifications', exact: true });
  await expect(popover).toBeVisible();
  const tab = (name: string) => popover.getByRole('tab', { name: new RegExp(`^${name}`) });
  await expect(tab('Tous')).toHaveAttribute('aria-selected', 'true');
  await expect(tab('Tous')).toHaveAccessibleName(tabName('Tous', 2));
  const items = popover.getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText(bookyText);
  await expect(items.first().getByRole('link', { name: "Voir l'activité" })).toHaveAttribute(
    'href',
    '/discover',
  );
  await expect(items.nth(1)).toContainText(
    fill(notificationMessages.newFollower, { actor: b.name }),
  );
  await tab('Séries').click();
  await expect(popover.getByText(notificationMessages.emptyStreaks)).toBeVisible();
  await tab('Social').click();
  await expect(tab('Social')).toHaveAttribute('aria-selected', 'true');
  const booky = items.filter({ hasText: bookyText });
  await expect(booky).toBeVisible();
  await expectAccessible(a.page, () => expect(booky).toBeVisible());

  // A marks it read: the counts go down, its button goes.
  await booky.getByRole('button', { name: notificationMessages.markRead }).click();
  await expect(bell(a.page, 1)).toBeVisible();
  await expect(a.page.getByTestId('bell-badge')).toHaveText('1');
  await expect(booky.getByRole('button', { name: notificationMessages.markRead })).toHaveCount(0);
  await expect(booky).toContainText(bookyText);
  await expect(tab('Social')).toHaveAccessibleName(tabName('Social', 1));

  // The read is the server's: after a reload the bell still says one.
  await a.page.reload();
  await expect(bell(a.page, 1)).toBeVisible();

  await a.page.context().close();
  await b.page.context().close();
});

test('two finishers chat live: Enter sends, Shift+Enter starts a new line, each sees the other without a reload', async ({
  browser,
  baseURL,
  origin,
}) => {
  test.setTimeout(120_000);
  const run = nonce();
  const a = await signUpReader(await readerPage(browser, baseURL), {
    email: uniqueEmail('chat-a'),
    name: `Albane ${run}`,
    origin,
  });
  const b = await signUpReader(await readerPage(browser, baseURL), {
    email: uniqueEmail('chat-b'),
    name: `Basile ${run}`,
    origin,
  });
  await validateSegments(a.page.request, { slug: RUTH, origin });
  await validateSegments(b.page.request, { slug: RUTH, origin });

  // Both in the room, each with the stream that receives it.
  for (const reader of [a, b]) {
    const inRoom = liveStreamOpened(reader.page, { room: true });
    await reader.page.goto(`/finished-chat/${RUTH}`);
    await expect(
      reader.page.getByRole('heading', { level: 1, name: chatMessages.title }),
    ).toBeVisible();
    await expect(reader.page.getByText('Le Livre de Ruth', { exact: true })).toBeVisible();
    await expect(reader.page.getByText(chatMessages.emptyTitle)).toBeVisible();
    await inRoom;
    await markDocument(reader.page);
  }
  const log = (page: Page) => page.getByRole('log', { name: chatMessages.listLabel });
  const message = (page: Page, text: string) =>
    log(page).getByRole('listitem').filter({ hasText: text });
  const input = (page: Page) => page.getByRole('textbox', { name: chatMessages.inputLabel });

  // A writes and presses Enter: sent, the input empties; B sees it without a reload.
  const hello = `Quelle fidélité, cette Ruth ! (${run})`;
  await input(a.page).fill(hello);
  await expect(a.page.getByText(`${hello.length}/500`)).toBeVisible();
  await input(a.page).press('Enter');
  await expect(message(a.page, hello)).toBeVisible();
  await expect(input(a.page)).toHaveValue('');
  await expect(a.page.getByText(chatMessages.sent)).toBeVisible();
  await expect(message(b.page, hello)).toBeVisible();
  await expect(message(b.page, hello).getByRole('link', { name: a.name })).toBeVisible();
  await expect(message(b.page, hello).getByRole('button', { name: 'Signaler' })).toBeVisible();

  // B replies (the button this time); A sees it.
  const reply = `Et Noémi qui rentre à Bethléem… (${run})`;
  await input(b.page).fill(reply);
  await b.page.getByRole('button', { name: chatMessages.send }).click();
  await expect(message(b.page, reply)).toBeVisible();
  await expect(message(a.page, reply)).toBeVisible();
  await expect(message(a.page, reply).getByRole('link', { name: b.name })).toBeVisible();

  // Shift+Enter: a new line, nothing sent; Enter then sends both lines as one message.
  const first = `Première ligne ${run}`;
  const second = `Seconde ligne ${run}`;
  await input(a.page).fill(first);
  await input(a.page).press('Shift+Enter');
  await input(a.page).pressSequentially(second);
  await expect(input(a.page)).toHaveValue(`${first}\n${second}`);
  await expect(message(a.page, first)).toHaveCount(0);
  await input(a.page).press('Enter');
  await expect(message(b.page, first)).toContainText(`${first}\n${second}`, {
    useInnerText: true,
  });
  await expect(message(a.page, first)).toBeVisible();
  await expect(log(a.page).getByRole('listitem')).toHaveCount(3);
  await expect(log(b.page).getByRole('listitem')).toHaveCount(3);
  await expectSameDocument(a.page);
  await expectSameDocument(b.page);

  await expectAccessible(a.page, () => expect(message(a.page, first)).toBeVisible());

  await a.page.context().close();
  await b.page.context().close();
});

test('a reader who has not finished the book is sent to its page; an unknown book to /explore', async ({
  browser,
  baseURL,
  origin,
}) => {
  const reader = await signUpReader(await readerPage(browser, baseURL), {
    email: uniqueEmail('chat-refused'),
    name: `Cyprien ${nonce()}`,
    origin,
  });
  const { page } = reader;
  // Begun (one segment of two), not finished.
  await validateSegments(page.request, { slug: RUTH, origin, count: 1 });

  await page.goto(`/finished-chat/${RUTH}`);
  await expect(page).toHaveURL((url) => url.pathname === `/books/${RUTH}`);
  await expect(page.getByRole('alert')).toHaveText(chatMessages.accessDenied);
  await expect(page.getByRole('heading', { level: 1, name: /Le Livre de Ruth/ })).toBeVisible();
  await expect(page.getByRole('log', { name: chatMessages.listLabel })).toHaveCount(0);

  await page.goto('/finished-chat/un-livre-qui-n-existe-pas');
  await expect(page).toHaveURL((url) => url.pathname === '/explore');

  await page.context().close();
});
