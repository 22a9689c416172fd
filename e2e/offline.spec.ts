import type { Page } from '@playwright/test';
import { offlineMessages } from '../domain/messages/offline';
import { reminderMessages } from '../domain/messages/reminders';
import { offlineCaches } from '../domain/offline-cache';
import { expect, test, uniqueEmail } from './fixtures/accounts';
import { openAndAddBook } from './fixtures/validation';

// The offline app (docs/architecture.md#reminders-and-the-offline-app): the service worker built
// with the app (client/sw/sw.ts) keeps the shell and, once home has sent WARM_CACHE, the reader's
// list and books.

const LE_HORLA = 'le-horla-guy-de-maupassant';

/** The page is controlled by the service worker (first visit: once it has activated). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 30_000,
  });
}

const controllerScript = (page: Page) =>
  page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');

/** The service worker kept `path` in `cache` (polled: the worker answers in the background). */
async function kept(page: Page, cache: string, path: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async ({ cache, path }) => !!(await (await caches.open(cache)).match(path)), {
          cache,
          path,
        }),
      { timeout: 20_000 },
    )
    .toBe(true);
}

test('offline, the reading list and its book still open; answering says the network is needed', async ({
  page,
  context,
  createAccount,
}) => {
  test.setTimeout(90_000);
  await createAccount(page.request, uniqueEmail('offline'));
  await openAndAddBook(page, LE_HORLA);
  await page.goto('/home');
  await controlled(page);
  // Home's WARM_CACHE: the list and the book's page data are kept.
  await kept(page, offlineCaches.reader, '/api/reading-list');
  await kept(page, offlineCaches.catalogue, `/api/books/${LE_HORLA}`);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Lectures en cours' })).toBeVisible();

  await page.goto('/reading-list');
  const entry = page.getByRole('link', { name: 'Le Horla' }).first();
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Le Horla' })).toBeVisible();

  // Validating needs the server's word: the reader is told why it cannot happen now.
  await page.getByRole('button', { name: 'Commencer ma lecture' }).click();
  const dialog = page.getByRole('dialog', { name: 'Valider le segment 1' });
  await expect(dialog.getByText(offlineMessages.networkNeeded)).toBeVisible({ timeout: 20_000 });

  // A page that was never kept offline: the French offline page, with a way back to the list.
  await page.goto('/blog');
  await expect(page.getByRole('heading', { name: 'Tu es hors connexion' })).toBeVisible();
  await page.getByRole('link', { name: 'Ma liste' }).click();
  await expect(page.getByRole('link', { name: 'Le Horla' }).first()).toBeVisible();

  // Back online: pages come from the network again.
  await context.setOffline(false);
  await page.goto('/blog');
  await expect(page.getByRole('heading', { name: 'Tu es hors connexion' })).toHaveCount(0);
});

test('a new deployment is offered with « Nouvelle version disponible », taken on click', async ({
  page,
}) => {
  await page.goto('/about');
  await controlled(page);
  await expect(page.getByText(offlineMessages.updateAvailable)).toHaveCount(0);

  // The next deployment's worker: a new script for the same scope (a build changes sw.js's
  // bytes; Playwright cannot rewrite the browser's own update check of the script, so the new
  // version is announced under another URL, which the browser installs the same way).
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js?version=suivante', { scope: '/' });
  });

  const prompt = page.getByRole('status').filter({ hasText: offlineMessages.updateAvailable });
  await expect(prompt).toBeVisible({ timeout: 20_000 });
  // Until the reader says so, the page stays under the version it started with.
  expect(await controllerScript(page)).not.toContain('version=suivante');
  const reloaded = page.waitForEvent('framenavigated');
  await prompt.getByRole('button', { name: offlineMessages.updateAction }).click();
  // The new version takes over and the page reloads under it.
  await reloaded;
  await controlled(page);
  expect(await controllerScript(page)).toContain('version=suivante');
});

test('Paramètres offers the daily reminder: a switch and an hour, 20:00 by default', async ({
  page,
  createAccount,
}) => {
  await createAccount(page.request, uniqueEmail('rappel'));
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Paramètres' }).click();
  const toggle = page.getByRole('switch', { name: reminderMessages.toggle });
  // Chromium has Web Push: the card is usable (the native app uses local notifications).
  await expect(toggle).toBeEnabled();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByLabel(reminderMessages.timeLabel)).toHaveValue('20:00');
  await expect(page.getByText(reminderMessages.mobileOnly)).toHaveCount(0);
});
