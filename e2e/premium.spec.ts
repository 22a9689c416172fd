import fs from 'node:fs';
import { deleteAccountMessages, passwordChangeMessages } from '../domain/messages/account';
import { accountMessages } from '../domain/messages/accounts';
import { bookRequestMessages } from '../domain/messages/book-requests';
import { premiumMessages } from '../domain/messages/premium';
import { expect, PASSWORD, test, uniqueEmail } from './fixtures/accounts';
import { signedLifetimeCheckout, stripeEnv } from './fixtures/stripe';

// The premium journey (decision 027): buy (Stripe's page intercepted, premium granted by a
// signed webhook event), request books two at a time, export, change the password, delete
// the account, and never sign in again.
test('a reader buys premium, requests books, exports, changes password and deletes the account', async ({
  page,
  origin,
  createAccount,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('premium');
  await createAccount(page.request, email);
  const me = (await (await page.request.get('/api/auth/session')).json()).user;

  // The offers; buying goes to Stripe's payment link, prefilled for this reader.
  const seen: { url?: URL } = {};
  await page.route('https://buy.stripe.com/**', async (route) => {
    seen.url = new URL(route.request().url());
    await route.fulfill({ contentType: 'text/html', body: '<h1>Stripe (test)</h1>' });
  });
  await page.goto('/premium');
  await expect(page.getByRole('heading', { name: premiumMessages.title })).toBeVisible();
  await expect(page.getByRole('link', { name: premiumMessages.requestBook })).toHaveCount(0);
  const lifetime = page.getByRole('region', { name: premiumMessages.lifetimeName });
  await lifetime.getByRole('button', { name: premiumMessages.buy }).click();
  await expect(page.getByRole('heading', { name: 'Stripe (test)' })).toBeVisible();
  expect(`${seen.url?.origin}${seen.url?.pathname}`).toBe(stripeEnv.STRIPE_LINK_LIFETIME);
  expect(seen.url?.searchParams.get('prefilled_email')).toBe(email);
  expect(seen.url?.searchParams.get('client_reference_id')).toBe(me.id);

  // Stripe tells the server; only then is the reader premium.
  const { payload, signature } = signedLifetimeCheckout(me.id);
  const hook = await page.request.post('/api/stripe/webhook', {
    data: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
  expect(hook.status()).toBe(200);

  await page.goto('/home');
  const nav = page.getByRole('navigation').first();
  await expect(nav.getByRole('link', { name: premiumMessages.requestBook })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Premium', exact: true })).toHaveCount(0);
  await nav.getByRole('link', { name: premiumMessages.requestBook }).click();
  await expect(page).toHaveURL(/\/request-book$/);

  // Two requests, then the third is refused.
  const title = page.getByLabel(bookRequestMessages.titleLabel);
  const submit = page.getByRole('button', { name: bookRequestMessages.submit });
  for (const book of ['Le Rouge et le Noir', 'Madame Bovary']) {
    await title.fill(book);
    await submit.click();
    await expect(page.getByText(bookRequestMessages.sent).last()).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: book })).toBeVisible();
  }
  await expect(page.getByText(bookRequestMessages.limitReached)).toBeVisible();
  await expect(submit).toBeDisabled();
  const third = await page.request.post('/api/book-requests', {
    data: { title: 'Germinal' },
    headers: { origin },
  });
  expect(third.status()).toBe(409);
  expect((await third.json()).error.message).toBe(bookRequestMessages.limitReached);

  // Paramètres: export my data.
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Paramètres' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter mes données' }).click();
  const file = await (await download).path();
  const exported = JSON.parse(fs.readFileSync(file, 'utf8'));
  expect(exported.reader.email).toBe(email);
  expect(exported.data['book-requests'].book_requests).toHaveLength(2);

  // Change the password.
  const newPassword = 'Nouvelle2026Lecture';
  await page.getByRole('button', { name: passwordChangeMessages.title }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(passwordChangeMessages.currentLabel).fill(PASSWORD);
  await dialog.getByLabel(passwordChangeMessages.newLabel, { exact: true }).fill(newPassword);
  await dialog.getByLabel(passwordChangeMessages.confirmationLabel).fill(newPassword);
  await dialog.getByRole('button', { name: passwordChangeMessages.submit }).click();
  await expect(page.getByText(passwordChangeMessages.done)).toBeVisible();

  // Delete the account: the warning, the password, then / with history replaced.
  await page.getByRole('link', { name: deleteAccountMessages.title }).first().click();
  await expect(page).toHaveURL(/\/settings\/delete-account$/);
  await expect(page.getByRole('heading', { name: deleteAccountMessages.title })).toBeVisible();
  await page.getByRole('button', { name: deleteAccountMessages.submit }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByLabel(deleteAccountMessages.passwordLabel).fill(newPassword);
  await confirm.getByRole('button', { name: deleteAccountMessages.confirm }).click();
  await expect(page.getByText(deleteAccountMessages.deleted)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // Never again.
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText(accountMessages.wrongCredentials)).toBeVisible();
});
