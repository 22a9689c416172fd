import sharp from 'sharp';
import { expect, test, uniqueEmail } from './fixtures/accounts';
import { signInAdmin } from './fixtures/admin';

test('an administrator writes, schedules and publishes a post with an image; a visitor reads and shares it', async ({
  page,
  browser,
  origin,
}) => {
  test.setTimeout(120_000);
  const title = `Lire au jardin ${uniqueEmail('x').slice(2, 8)}`;
  await signInAdmin(page.request, origin);
  await page.goto('/admin/blog');
  await page.getByRole('button', { name: 'Nouvel article' }).click();

  // The spec's required-fields message, before anything is sent.
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('alert')).toHaveText('Veuillez remplir tous les champs obligatoires');

  await page.getByLabel('Titre *').fill(title);
  await page
    .getByLabel('Chapô (résumé affiché dans la liste)')
    .fill('Un coin d’herbe et un livre.');
  await page.getByLabel('Thèmes (séparés par des virgules)').fill('habitudes, conseils');
  const editor = page.locator('#blog-markdown');
  await editor.fill('Le jardin est le plus beau des salons de lecture.\n\n');
  await editor.press('Control+b');
  await page.getByRole('button', { name: 'Aperçu' }).click();
  await expect(page.getByTestId('blog-preview').locator('strong')).toHaveText('texte');
  await page.getByRole('button', { name: 'Écrire' }).click();

  const png = await sharp({
    create: { width: 1600, height: 1000, channels: 3, background: '#7d9a6b' },
  })
    .png()
    .toBuffer();
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'jardin.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Image envoyée')).toBeVisible({ timeout: 30_000 });
  await page
    .getByLabel("Description de l'image (pour les lecteurs d'écran)")
    .fill('Un banc dans un jardin');

  // Scheduled for tomorrow: 'Programmé' for the admin, a real 404 for visitors.
  const tomorrow = new Date(Date.now() + 86_400_000);
  const local = new Date(tomorrow.getTime() - tomorrow.getTimezoneOffset() * 60_000)
    .toISOString()
    .slice(0, 16);
  await page.getByLabel('Date de publication').fill(local);
  await page.getByRole('button', { name: 'Programmer' }).click();
  const row = page.getByRole('listitem').filter({ hasText: title });
  await expect(row.getByText('Programmé', { exact: true })).toBeVisible();

  const visitor = await browser.newContext();
  await visitor.addInitScript(() => {
    window.localStorage.setItem('lisons:onboarding-done', '1');
    // No share sheet here: the clipboard fallback is what is checked.
    Object.defineProperty(navigator, 'share', { value: undefined });
  });
  await visitor.grantPermissions(['clipboard-read', 'clipboard-write']);
  const reader = await visitor.newPage();
  const slug = title
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const hidden = await reader.goto(`/blog/${slug}`);
  expect(hidden?.status()).toBe(404);
  await expect(reader.getByRole('heading', { name: 'Article non trouvé' })).toBeVisible({
    timeout: 15_000,
  });

  // Published now: listed, readable, shareable.
  await row.getByRole('button', { name: 'Modifier' }).click();
  await page.getByRole('button', { name: 'Publier maintenant' }).click();
  await expect(
    page.getByRole('listitem').filter({ hasText: title }).getByText('Publié', { exact: true }),
  ).toBeVisible();

  await reader.goto('/blog');
  await reader.getByRole('link', { name: title }).click();
  await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(reader.getByRole('img', { name: 'Un banc dans un jardin' })).toHaveAttribute(
    'srcset',
    /1200w/,
  );
  await expect(reader.locator('article strong')).toHaveText('texte');
  await reader.getByRole('button', { name: 'Partager' }).click();
  await expect(reader.getByText('Lien copié dans le presse-papier')).toBeVisible();
  expect(await reader.evaluate(() => navigator.clipboard.readText())).toContain(`/blog/${slug}`);
  await visitor.close();
});
