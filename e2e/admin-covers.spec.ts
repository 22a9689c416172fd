import { expect, test } from './fixtures/accounts';
import { signInAdmin } from './fixtures/admin';

// Covers in the back office (docs/architecture.md#back-office): an administrator draws the covers
// of books that have none and follows the batch to its end; the audit runs every check on the
// server.

test('an administrator generates covers and sees the progress reach “Batch terminé”', async ({
  page,
  origin,
}) => {
  test.setTimeout(90_000);
  await signInAdmin(page.request, origin);
  // Three books of the Talmud group (by their tag), without covers.
  const suffix = Date.now().toString(36);
  const slugs: string[] = [];
  for (const n of [1, 2, 3]) {
    const res = await page.request.post('/api/admin/books', {
      headers: { origin },
      data: {
        title: `Traité ${n} de l’essai ${suffix}`,
        author: 'Rav Essai',
        totalPages: 60,
        category: 'religion',
        tags: ['Talmud'],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    slugs.push((await res.json()).slug);
  }

  await page.goto('/admin/auto-covers');
  await expect(page.getByRole('heading', { name: 'Couvertures automatiques' })).toBeVisible();
  await page.getByLabel('Groupe').selectOption({ label: 'Talmud' });
  await page.getByRole('button', { name: 'Rafraîchir' }).click();
  await expect(page.getByText('3 livres à traiter')).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: `Traité 1 de l’essai ${suffix}` }),
  ).toHaveCount(1);

  await page.getByRole('button', { name: 'Générer' }).click();
  await expect(page.getByRole('progressbar', { name: 'Progression du batch' })).toBeVisible();
  await expect(page.getByText('Batch terminé')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('3 OK, 0 erreurs')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Progression du batch' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  // Nothing left to draw in the group; the books now have their covers.
  await expect(page.getByText('Rien à faire')).toBeVisible();
  for (const slug of slugs) {
    const book = await (await page.request.get(`/api/books/${slug}`)).json();
    expect(book.book.coverUrl).toMatch(new RegExp(`^/covers/${slug}\\.jpg\\?v=`));
    const cover = await page.request.get(book.book.coverUrl);
    expect(cover.headers()['content-type']).toBe('image/jpeg');
    expect(cover.headers()['cache-control']).toContain('immutable');
  }

  // The batch survives a reload: its end is still shown.
  await page.reload();
  await expect(page.getByText('Batch terminé')).toBeVisible();
  await expect(page.getByText('3 OK, 0 erreurs')).toBeVisible();
});

test('an administrator runs the audit and reads its live log to “TOUT OK”', async ({
  page,
  origin,
}) => {
  await signInAdmin(page.request, origin);
  await page.goto('/admin/audit');
  await page.getByRole('button', { name: 'Lancer l’audit' }).click();
  const log = page.getByRole('log', { name: 'Journal de l’audit' });
  await expect(page.getByText('Audit terminé : TOUT OK')).toBeVisible({ timeout: 30_000 });
  for (const step of ['Session', 'Droits administrateur', 'Taille du JPEG', 'Adresse publique']) {
    await expect(log).toContainText(step);
  }
});
