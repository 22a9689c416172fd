import { createHash } from 'node:crypto';
import { expect, test, uniqueEmail } from './fixtures/accounts';
import { animationsDone, expectNoAxeViolations } from './fixtures/axe';

// KOReader's progress sync (decision 053), on a phone: a reader makes a device password in
// Paramètres, a KOReader-like client (the plugin's requests, from the test) logs in, opens an
// unknown book and closes it at 40 %; the reader says in Lisons which book it is, and its
// page shows the page reached and the invitation to validate the segment passed.

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
const KOREADER = 'application/vnd.koreader.v1+json';

test('a KOReader device’s unknown book is linked in Lisons, which shows the page reached', async ({
  page,
  request,
  baseURL,
  createAccount,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 800 });
  const { email } = await createAccount(page.request, uniqueEmail('liseuse'));

  // 1. Paramètres, « Liseuse KOReader »: what to type, and a device password.
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Paramètres' }).click();
  const section = page.getByRole('region', { name: 'Liseuse KOReader' });
  await expect(section.getByText(`${baseURL}/kosync`)).toBeVisible();
  await expect(section.getByText(email)).toBeVisible();
  await section.getByLabel('Nom de l’appareil').fill('Kobo Clara');
  await section.getByRole('button', { name: 'Créer un mot de passe' }).click();
  const shown = section.getByTestId('kosync-password').locator('[aria-hidden="true"]');
  await expect(shown).toHaveText(/^[a-z2-9]{16}$/);
  const password = (await shown.textContent()) ?? '';
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await animationsDone(page);
  await expectNoAxeViolations(page, 'Liseuse KOReader 360px');
  await section.getByRole('button', { name: 'C’est noté' }).click();

  // 2. The device, as KOReader's plugin calls the server: login, open, close at 40 %.
  const headers = { accept: KOREADER, 'x-auth-user': email, 'x-auth-key': md5(password) };
  const login = await request.get('/kosync/users/auth', { headers });
  expect(login.status()).toBe(200);
  expect(await login.json()).toEqual({ authorized: 'OK' });
  const digest = md5('candide.epub');
  const opened = await request.get(`/kosync/syncs/progress/${digest}`, { headers });
  expect(await opened.json()).toEqual({});
  const closed = await request.put('/kosync/syncs/progress', {
    headers: { ...headers, 'content-type': 'application/json' },
    data: {
      document: digest,
      progress: '/body/DocFragment[5]/body/p[3]/text().0',
      percentage: 0.4,
      device: 'Kobo_spaBW',
      device_id: 'e2e-kobo-clara',
    },
  });
  expect(closed.status(), await closed.text()).toBe(200);
  expect(await closed.json()).toMatchObject({ document: digest, timestamp: expect.any(Number) });

  // 3. Lisons asks which book it is; the reader finds it and links it.
  await page.reload();
  await page.getByRole('tab', { name: 'Paramètres' }).click();
  const question = section.getByRole('listitem', {
    name: 'Un appareil lit un livre que Lisons ne connaît pas\u00a0: lequel est-ce\u00a0?',
  });
  await expect(question).toBeVisible();
  await question.getByLabel('Chercher ce livre dans Lisons').fill('Candide');
  await question.getByRole('button', { name: 'Chercher' }).click();
  await question
    .getByRole('button', { name: "C’est «\u00a0Candide ou l'Optimisme\u00a0»" })
    .click();
  await expect(
    page.getByText(
      "«\u00a0Candide ou l'Optimisme\u00a0» est lié à ton appareil et ajouté à ta liste.",
    ),
  ).toBeVisible();
  const linked = section.getByText("Lié à «\u00a0Candide ou l'Optimisme\u00a0»");
  await expect(linked).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // 4. The book page: 40 % of 150 pages is page 60, past the end of segment 1 (page 30).
  await section.getByRole('link', { name: 'Voir le livre' }).click();
  const device = page.getByTestId('device-reading');
  await expect(device.getByText('Page 60 sur 150')).toBeVisible();
  await expect(device).toContainText(
    'Ta liseuse a atteint la fin du segment 1 (page 30)\u00a0: réponds à sa question pour le valider.',
  );
  await expect(page.getByRole('button', { name: 'Commencer ma lecture' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await animationsDone(page);
  await expectNoAxeViolations(page, 'Livre avec liseuse 360px');

  // 5. The bell says it too; the device validated nothing.
  // (It also arrived live, as a toast, while the reader was on the page.)
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(
    page
      .getByRole('listitem')
      .filter({
        hasText:
          "Ta liseuse a atteint la fin du segment 1 de «\u00a0Candide ou l'Optimisme\u00a0»\u00a0: valide-le\u00a0!",
      })
      .getByRole('link', { name: 'Valider le segment' }),
  ).toBeVisible();
  const book = await page.request.get('/api/books/candide-ou-l-optimisme-voltaire');
  expect((await book.json()).progress).toMatchObject({ segmentsValidated: 0 });
});
