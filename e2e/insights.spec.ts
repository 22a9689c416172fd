import { expect, test, uniqueEmail } from './fixtures/accounts';
import { animationsDone, expectNoAxeViolations, inBothThemes } from './fixtures/axe';
import { validateSegments } from './fixtures/validation';

// Insights in the browser (decision 028): a reader with a validated history sees their calendar,
// sets a goal, imports a Goodreads export, shelves a book as abandoned and opens their year in
// review with its image; every one of these screens passes axe in both themes.

const year = Number(
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric' }).format(
    new Date(),
  ),
);
const goodreads = [
  'Book Id,Title,Author,Author l-f,Exclusive Shelf,Date Read',
  '1,CARMEN,Prosper Merimee,"Merimee, Prosper",to-read,',
  '2,"Madame Bovary (Folio, #1)","Gustave Flaubert","Flaubert, Gustave",read,2025/06/01',
  '3,Un roman absent du catalogue,Personne,"Personne",to-read,',
].join('\n');

test('insights, goal, import, Abandonné and the year in review', async ({
  page,
  origin,
  createAccount,
}) => {
  test.setTimeout(420_000); // a whole book, an import and 14 axe runs, on a busy machine
  await createAccount(page.request, uniqueEmail('bilan'));
  await validateSegments(page.request, { slug: 'micromegas-voltaire', origin });

  // The calendar: today's square is shaded; the charts have their tables.
  await page.goto('/achievements');
  const calendar = page.getByTestId('reading-calendar');
  await expect(calendar).toBeVisible();
  await expect(calendar).toHaveAttribute('aria-label', /pages validées sur les 12 derniers mois/);
  await expect(calendar.locator('[data-level]:not([data-level="0"])')).toHaveCount(1);
  await expect(page.getByRole('table', { name: 'Pages par mois' })).toBeAttached();
  await expect(page.getByTestId('streak-freezes')).toContainText('0 gel de série en réserve');

  // A goal of 3 books: one finished already.
  await page.getByRole('radio', { name: 'Livres' }).check();
  await page.getByLabel('Nombre à atteindre').fill('3');
  await page.getByRole('button', { name: 'Enregistrer l’objectif' }).click();
  await expect(page.getByTestId('goal-progress').first()).toContainText(
    'Livres terminés\u00a0: 1 sur 3',
  );
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: `Objectif ${year}` })).toBeVisible();

  // The import: a bad file first (nothing changes), then the export, previewed and confirmed.
  await page.goto('/import');
  const file = page.getByLabel('Fichier CSV');
  await file.setInputFiles({
    name: 'faux.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Title,Author,Exclusive Shelf\nCarmen,Mérimée,lu\n'),
  });
  await expect(page.getByRole('alert')).toContainText(
    'Ligne 2\u00a0: statut «\u00a0lu\u00a0» inconnu.',
  );
  await file.setInputFiles({
    name: 'goodreads.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(goodreads),
  });
  await expect(
    page.getByRole('heading', { name: '2 livres trouvés dans le catalogue' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: '1 livre introuvable' })).toBeVisible();
  await expect(page.getByText('Un roman absent du catalogue')).toBeVisible();
  await page.getByRole('button', { name: 'Confirmer l’import' }).click();
  await expect(page.getByRole('status')).toContainText('2 livres ajoutés à ta liste');

  // Carmen (to read) goes to the 'Abandonné' shelf.
  await page.goto('/reading-list');
  const toRead = page.getByRole('region', { name: /^À lire/ });
  await expect(toRead.getByRole('heading', { name: 'Carmen' })).toBeVisible();
  await toRead.getByRole('button', { name: 'Abandonner' }).click();
  const abandoned = page.getByRole('region', { name: /^Abandonné/ });
  await expect(abandoned.getByRole('heading', { name: 'Carmen' })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: /^Livres terminés/ })
      .getByRole('heading', { name: 'Madame Bovary' }),
  ).toBeVisible();

  // The year in review, and its image as a link preview would fetch it (no session).
  await page.goto(`/bilan/${year}`);
  await expect(page.getByRole('heading', { level: 1, name: `Ton bilan ${year}` })).toBeVisible();
  const image = page.getByTestId('review-image');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
  const src = await image.getAttribute('src');
  const anonymous = await page.context().browser()?.newContext();
  const preview = await anonymous?.request.get(new URL(src ?? '', origin).href);
  expect(preview?.status()).toBe(200);
  expect(preview?.headers()['content-type']).toBe('image/png');
  await anonymous?.close();

  // axe, light and dark: every screen at 375 px, the insights also on a wide screen.
  const screens = ['/achievements', '/import', '/reading-list', `/bilan/${year}`, '/home'];
  for (const path of screens) {
    await inBothThemes(page, async (theme) => {
      for (const width of path === '/achievements' ? [375, 1280] : [375]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await expect(page.locator('main h1').first()).toBeVisible();
        if (path === '/achievements')
          await expect(page.getByTestId('reading-calendar')).toBeVisible();
        await animationsDone(page);
        await expectNoAxeViolations(page, `${path} ${theme} ${width}px`);
      }
    });
  }
});

test('the theme switch is kept, and applied before the first paint', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/about');
  await page.getByLabel('Thème').selectOption('dark');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  // The next page is dark from its first frame: theme.js runs before anything is drawn.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { darkAtStart: boolean }).darkAtStart =
        document.documentElement.classList.contains('dark');
    });
  });
  await page.goto('/press');
  expect(
    await page.evaluate(() => (window as unknown as { darkAtStart: boolean }).darkAtStart),
  ).toBe(true);
  await expect(page.getByLabel('Thème')).toHaveValue('dark');
  await page.getByLabel('Thème').selectOption('system');
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
});
