import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './fixtures/accounts';
import { openAndAddBook, validateSegments } from './fixtures/validation';

// The suite runs as a reader who asked for less motion (playwright.config.ts): this spec is
// the one that looks at the motion itself, and checks that the request stops it.

const CANDIDE = 'candide-ou-l-optimisme-voltaire';

test.use({ reducedMotion: 'no-preference' });

/** The animations running on the progress arrow: how many times each repeats, and its state. */
function arrowAnimations(page: Page) {
  return page
    .getByTestId('progress-arrow')
    .evaluate((arrow) =>
      arrow
        .getAnimations()
        .map((a) => `${String(a.effect?.getComputedTiming().iterations)} ${a.playState}`),
    );
}

test('the progress arrow bounces, and stops for a reader who asks for less motion', async ({
  page,
  origin,
  createAccount,
}) => {
  await createAccount(page.request, uniqueEmail('mouvement'));
  await openAndAddBook(page, CANDIDE);
  await validateSegments(page.request, { slug: CANDIDE, origin, count: 1 });
  await page.reload();
  await expect(page.getByTestId('progress-arrow')).toBeVisible();
  await expect.poll(() => arrowAnimations(page)).toEqual(['Infinity running']);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  // One 1 ms iteration (client/styles.css), then nothing moves.
  await expect.poll(() => arrowAnimations(page)).toEqual([]);
  await expect(page.getByTestId('progress-arrow')).toBeVisible();
});
