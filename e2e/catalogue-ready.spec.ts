import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { jokersAllowed, jokersAvailabilityText } from '../domain/jokers';
import { bookDetailMessages, readinessMessages } from '../domain/messages/catalogue';
import { fill } from '../domain/messages/fill';
import { questionProposalsMessages } from '../domain/messages/question-proposals';
import { expect, test, uniqueEmail } from './fixtures/accounts';
import { answerOf, answerQuiz, openConfirmation, validateSegments } from './fixtures/validation';

// 'Never a dead end' and covers, on the demo catalogue the e2e server loads.

const BOVARY = 'madame-bovary-gustave-flaubert'; // 16 segments: floor(16 / 10) + 1 = 2 jokers

async function searchFromHome(page: Page, text: string) {
  const field = page.getByRole('searchbox', { name: 'Rechercher un livre' });
  await field.fill(text);
  await field.press('Enter');
}

/** Scrolls each cover of the page into view (they load lazily) and waits for its image. */
async function expectEveryCoverLoaded(page: Page) {
  const cards = page.getByRole('article');
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const img = cards.nth(i).locator('picture img');
    await expect(img, `cover of card ${i + 1}`).toHaveCount(1);
    await img.scrollIntoViewIfNeeded();
    // A real cover, loaded (not the drawn placeholder): one of its variants, the width the
    // layout needs picked from the srcset (naturalWidth is then in CSS pixels, so not checked).
    await expect
      .poll(() =>
        img.evaluate((el: HTMLImageElement) =>
          el.complete && el.naturalWidth > 0 ? el.currentSrc : '',
        ),
      )
      .toMatch(/\/covers\//);
  }
  return count;
}

test('a new reader finds Madame Bovary ready, validates segment 11 after ten others and has 2 jokers', async ({
  page,
  origin,
  createAccount,
}) => {
  test.setTimeout(90_000); // ten answers through the API and one in the browser, on a busy machine
  await createAccount(page.request, uniqueEmail('pret-bovary'));
  await page.goto('/home');
  await searchFromHome(page, 'Bovary');
  // The only result opens its page.
  await expect(page).toHaveURL(new RegExp(`/books/${BOVARY}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Madame Bovary' })).toBeVisible();
  await expect(page.getByText(readinessMessages.ready, { exact: true })).toBeVisible();
  await expect(page.getByText('16 segments prêts', { exact: true })).toBeVisible();

  await validateSegments(page.request, { slug: BOVARY, count: 10, origin });
  await page.reload();
  await expect(page.getByText('10 sur 16 segments validés')).toBeVisible();

  const confirm = await openConfirmation(page, 11);
  expect(jokersAllowed(16)).toBe(2);
  await expect(confirm.getByText(jokersAvailabilityText({ used: 0, allowed: 2 }))).toBeVisible();
  await confirm
    .getByRole('checkbox', { name: "J'ai lu ces pages et je souhaite valider cette étape" })
    .check();
  await confirm.getByRole('button', { name: 'Valider cette étape' }).click();
  const quiz = page.getByRole('dialog', { name: 'Question du segment 11' });
  await answerQuiz(quiz, answerOf(BOVARY, 11));
  const success = page.getByRole('dialog', { name: /^Segment 11 validé/ });
  await expect(success.getByText('Prochain segment : 12')).toBeVisible();
  await success.getByRole('button', { name: 'Continuer la lecture' }).click();
  await expect(success).toBeHidden();
  await expect(page.getByText('11 sur 16 segments validés')).toBeVisible();
  await expect(
    page.getByText(fill(bookDetailMessages.jokers, { used: 0, allowed: 2 })),
  ).toBeVisible();
});

test('a book without questions says they are coming, can still join the list, and invites its reader to write the first one', async ({
  page,
  createAccount,
}) => {
  const questioned = new Set(
    fs.readdirSync(path.join(process.cwd(), 'data/questions')).map((f) => f.replace(/\.json$/, '')),
  );
  const books = JSON.parse(
    fs.readFileSync(path.join(process.cwd(), 'data/books.json'), 'utf8'),
  ) as { key: string; title: string }[];
  const waiting = books.find((b) => !questioned.has(b.key));
  if (!waiting) throw new Error('every demo book has its questions: pick another case');

  await createAccount(page.request, uniqueEmail('pret-attente'));
  await page.goto(`/books/${waiting.key}`);
  await expect(page.getByRole('heading', { level: 1, name: waiting.title })).toBeVisible();
  await expect(page.getByText(readinessMessages.none, { exact: true })).toBeVisible();
  await expect(page.getByText(readinessMessages.comingAddFirst)).toBeVisible();
  await page.getByRole('button', { name: 'Ajouter à ma liste' }).click();
  await expect(page.getByRole('progressbar', { name: 'Progression de lecture' })).toBeVisible();
  // In the list, its first segment is the reader's to write (decision 045).
  await expect(page.getByText(questionProposalsMessages.invitation)).toBeVisible();
  await expect(
    page.getByRole('button', { name: questionProposalsMessages.proposeCta }),
  ).toBeVisible();
  await expect(page.getByText(readinessMessages.comingInList)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Commencer|Valider) ma lecture$/ })).toHaveCount(
    0,
  );
});

test.describe('visitors', () => {
  test('explore shows ready books first, filters them, and a cover for every book', async ({
    page,
  }) => {
    // The first request for each drawn cover's variants encodes them (AVIF, WebP, JPEG at
    // two widths; decision 026): a fresh catalogue's pages are slow once.
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/explore');
    await expect(page.getByRole('article').first()).toBeVisible();
    // Ready books first: once a card is not ready, none after it is.
    const labels = await page
      .getByRole('article')
      .evaluateAll((cards) => cards.map((card) => card.textContent ?? ''));
    const ready = labels.map((text) => text.includes(readinessMessages.ready));
    expect(ready[0]).toBe(true);
    expect(ready.indexOf(false)).toBeGreaterThan(0);
    expect(ready.slice(ready.indexOf(false))).not.toContain(true);

    const shown = await expectEveryCoverLoaded(page);
    expect(shown).toBe(labels.length);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: '/tmp/explore-covers.png', fullPage: true });

    // Every category of the demo catalogue: one cover per book.
    for (const cat of ['religion', 'essai', 'bio']) {
      await page.goto(`/explore?cat=${cat}`);
      await expect(page.getByRole('article').first()).toBeVisible();
      await expectEveryCoverLoaded(page);
    }

    // A phone, 2 columns: what the issue asks to be legible.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/explore');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectEveryCoverLoaded(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: '/tmp/explore-covers-phone.png' });

    await page.getByRole('checkbox', { name: readinessMessages.filter }).check();
    await expect(page).toHaveURL(/\/explore\?cat=litterature&ready=1$/);
    const filtered = ready.filter(Boolean).length;
    await expect(page.getByRole('article')).toHaveCount(filtered);
    await expect(page.getByText(readinessMessages.ready, { exact: true })).toHaveCount(filtered);
  });
});
