import { request as apiRequest } from '@playwright/test';
import { expect, test, uniqueEmail } from './fixtures/accounts';
import { animationsDone, expectNoAxeViolations } from './fixtures/axe';

// Personal API tokens (docs/architecture.md#personal-api-tokens), as a reader and another
// program meet them: made in Paramètres, used from outside the browser (no cookie, no Origin)
// to list the reader's books, then revoked there and refused.

test('a token made in Paramètres lists my books from another program, until I revoke it', async ({
  page,
  origin,
  baseURL,
  createAccount,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await createAccount(page.request, uniqueEmail('jeton'));
  const { items } = (await (await page.request.get('/api/search?q=voltaire')).json()) as {
    items: { id: string; title: string }[];
  };
  const book = items[0];
  if (!book) throw new Error('the demo catalogue has no Voltaire');
  const added = await page.request.post('/api/reading-list', {
    data: { bookId: book.id },
    headers: { origin },
  });
  expect(added.status()).toBe(201);

  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Paramètres' }).click();
  const card = page.getByRole('region', { name: 'Jetons d’accès à l’API' });
  await expect(card.getByText('Aucun jeton pour l’instant.')).toBeVisible();
  await card.getByLabel('Nom du jeton').fill('Mon tableur');
  await card.getByLabel('Droits').selectOption({ label: 'Lecture seule' });
  await card.getByLabel('Expiration').selectOption({ label: '30\u00a0jours' });
  await card.getByRole('button', { name: 'Créer le jeton' }).click();
  const secretField = card.getByRole('textbox', { name: 'Jeton « Mon tableur »' });
  await expect(secretField).toBeVisible();
  const secret = await secretField.inputValue();
  expect(secret).toMatch(/^lisons_pat_[A-Za-z0-9_-]{43}$/);
  await expect(card.getByRole('listitem')).toHaveCount(1);
  await expect(card.getByRole('listitem')).toContainText('Jamais utilisé');
  // Phones first: the card fits 360 px, the long token included; and it is accessible.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await animationsDone(page);
  await expectNoAxeViolations(page, 'Paramètres with a new token');

  // Another program: its own request context, so no cookie of the page and no Origin.
  const program = await apiRequest.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${secret}` },
  });
  try {
    const mine = await program.get('/api/reading-list');
    expect(mine.status(), await mine.text()).toBe(200);
    const list = (await mine.json()) as { items: { book: { title: string } }[] };
    expect(list.items.map((item) => item.book.title)).toEqual([book.title]);
    // A read-only token changes nothing.
    const write = await program.delete(`/api/reading-list/${book.id}`);
    expect(write.status()).toBe(403);
    expect((await write.json()).error.message).toBe(
      'Ce jeton ne permet que la lecture\u00a0: il faut un jeton en lecture et écriture.',
    );
    // fetch, as any program would write it, reads the same.
    const fetched = await fetch(new URL('/api/reading-list', baseURL), {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(fetched.status).toBe(200);

    // Its use shows in Paramètres, then the reader revokes it.
    await page.reload();
    await page.getByRole('tab', { name: 'Paramètres' }).click();
    await expect(card.getByRole('listitem')).toContainText('Dernière utilisation le');
    await card.getByRole('button', { name: 'Révoquer le jeton «\u00a0Mon tableur\u00a0»' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Mon tableur');
    await dialog.getByRole('button', { name: 'Révoquer' }).click();
    await expect(page.getByText('Jeton révoqué.')).toBeVisible();
    await expect(card.getByText('Aucun jeton pour l’instant.')).toBeVisible();

    const refused = await program.get('/api/reading-list');
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toEqual({
      error: { code: 'AUTH_REQUIRED', message: 'Jeton d’accès inconnu ou révoqué.' },
    });
  } finally {
    await program.dispose();
  }
  // The reader's own session is untouched: the book is still in the list.
  await page.goto('/reading-list');
  await expect(page.getByText(book.title).first()).toBeVisible();
});
