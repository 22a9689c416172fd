import type { Download } from '@playwright/test';
import { expect, test, uniqueEmail } from './fixtures/accounts';
import { animationsDone, expectNoAxeViolations } from './fixtures/axe';
import { validateSegments } from './fixtures/validation';

// The library in Goodreads' and StoryGraph's formats (decision 052), from Paramètres on a
// phone: a reader who finished a book and has one to read downloads both files, each with
// its service's header and their books; the card fits 360 px and passes axe.

async function text(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

test('Paramètres downloads the library for Goodreads and StoryGraph, at 360 px', async ({
  page,
  origin,
  createAccount,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 360, height: 800 });
  await createAccount(page.request, uniqueEmail('bibliotheque'));
  await validateSegments(page.request, { slug: 'micromegas-voltaire', origin });
  const carmen = await page.request.get('/api/books/carmen-prosper-merimee');
  const { book } = (await carmen.json()) as { book: { id: string } };
  const added = await page.request.post('/api/reading-list', {
    data: { bookId: book.id },
    headers: { origin },
  });
  expect(added.status(), await added.text()).toBe(201);

  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Paramètres' }).click();
  const settings = page.getByRole('tabpanel', { name: 'Paramètres' });
  const goodreads = settings.getByRole('button', { name: 'Bibliothèque Goodreads (CSV)' });
  const storygraph = settings.getByRole('button', { name: 'Bibliothèque StoryGraph (CSV)' });
  await expect(goodreads).toBeVisible();
  await expect(storygraph).toBeVisible();
  // Nothing wider than the window.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await animationsDone(page);
  await expectNoAxeViolations(page, 'Paramètres 360px');

  const [fromGoodreads] = await Promise.all([page.waitForEvent('download'), goodreads.click()]);
  expect(fromGoodreads.suggestedFilename()).toMatch(
    /^lisons-bibliotheque-goodreads-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const goodreadsLines = (await text(fromGoodreads)).trim().split('\r\n');
  expect(goodreadsLines[0]).toMatch(/^Book Id,Title,Author,Author l-f,Additional Authors,ISBN,/);
  expect(goodreadsLines[1]).toMatch(/^,Carmen,Prosper Mérimée,"Mérimée, Prosper",.*,to-read,/);
  expect(goodreadsLines[2]).toMatch(/^,Micromégas,Voltaire,Voltaire,.*,40,.*,read,,,,1,0$/);
  await expect(page.getByText('Ta bibliothèque est téléchargée.')).toBeVisible();

  const [fromStorygraph] = await Promise.all([page.waitForEvent('download'), storygraph.click()]);
  expect(fromStorygraph.suggestedFilename()).toMatch(
    /^lisons-bibliotheque-storygraph-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const storygraphLines = (await text(fromStorygraph)).trim().split('\r\n');
  expect(storygraphLines[0]).toMatch(/^Title,Authors,Contributors,ISBN\/UID,Format,Read Status,/);
  expect(storygraphLines[1]).toMatch(/^Carmen,Prosper Mérimée,,,,to-read,/);
  expect(storygraphLines[2]).toMatch(/^Micromégas,Voltaire,,,,read,/);
});
