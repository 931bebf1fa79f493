import { signUpWithPassword } from '@second-gear/identity';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  authEmulatorHost,
  logIn,
  logOut,
  newAccount,
  projectId,
  registerThroughUi,
  see,
  toast,
  uniqueEmail,
  useBrowser,
} from './harness.ts';

const browser = useBrowser();

// The identity SDK's popup sign-in loads Google's iframe library (apis.google.com/js/api.js)
// even against the Auth Emulator, so that flow needs the internet.
const googleReachable = await fetch('https://apis.google.com/js/api.js', {
  method: 'HEAD',
  signal: AbortSignal.timeout(5000),
}).then(
  (answer) => answer.ok,
  () => false,
);
if (!googleReachable) {
  console.warn(
    'Skipping "sign in with Google": apis.google.com does not answer from this machine, and the sign-in popup needs it.',
  );
}

/** What every signed-in user has in the drawer, after the links of their role. */
const memberLinks = ['Favourites', 'Saved searches', 'Messages', 'Notifications', 'Profile'];

/** The dashboard's drawer: the name, the role badge and the links of that role. */
async function expectDashboard(page: Page, name: string, role: string, links: string[]) {
  await page.goto('/user');
  await see(page.getByRole('heading', { level: 1, name: 'Dashboard' }));
  await see(page.getByText(role, { exact: true }).first());
  await see(page.getByRole('heading', { level: 2, name }));
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  const shown = await (await see(nav.getByRole('link'))).allInnerTexts();
  expect(shown.map((text) => text.trim())).toEqual(['Dashboard', ...links, ...memberLinks]);
}

describe('Accounts', () => {
  test('register as a Seller with the checkbox: the dashboard says Seller', async () => {
    const { page } = browser;
    const seller = newAccount('seller', 'Selma Seller');
    await registerThroughUi(page, seller, { seller: true });
    await page.waitForURL((url) => url.pathname === '/');
    await expectDashboard(page, seller.name, 'Seller', ['My Products', 'My Bookings']);
    await see(page.getByText(seller.email));
  });

  test('register as a Buyer: the dashboard says Buyer', async () => {
    const { page } = browser;
    const buyer = newAccount('buyer', 'Bruno Buyer');
    await page.goto('/register');
    // Empty required fields first.
    await page.getByRole('button', { name: 'Sign Up' }).click();
    expect(await (await see(page.getByText('This field is required'))).count()).toBe(3);
    await registerThroughUi(page, buyer);
    await expectDashboard(page, buyer.name, 'Buyer', ['My Orders']);
    await see(page.getByText(buyer.email));
  });

  test('sign in with email and password, after signing out', async () => {
    const { page } = browser;
    const buyer = newAccount('returning', 'Rita Returning');
    await registerThroughUi(page, buyer);
    await logOut(page);

    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    expect(await (await see(page.getByText('This field is required'))).count()).toBe(2);
    await page.getByLabel('Email').fill(buyer.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await see(page.getByText('Wrong email or password.').first());

    await logIn(page, buyer);
    await page.waitForURL((url) => url.pathname === '/');
    await see(page.getByRole('button', { name: `Account menu for ${buyer.name}` }));
    await expectDashboard(page, buyer.name, 'Buyer', ['My Orders']);
  });

  test.skipIf(!googleReachable)(
    "sign in with Google through the emulator's sign-in page",
    async () => {
      const { page } = browser;
      const email = uniqueEmail('google');
      const name = 'Gina Google';
      await page.goto('/login');
      const [popup] = await Promise.all([
        page.context().waitForEvent('page'),
        page.getByRole('button', { name: 'Continue with Google' }).click(),
      ]);
      await popup.getByRole('button', { name: 'Add new account' }).click();
      await popup.getByLabel('Email', { exact: true }).fill(email);
      // The emulator's page ties its inputs to a missing label id; this one goes by its id.
      await popup.locator('#display-name-input').fill(name);
      await popup.getByRole('button', { name: /Sign in with Google/ }).click();

      await toast(page, 'User Login Successfully');
      await page.waitForURL((url) => url.pathname === '/');
      await expectDashboard(page, name, 'Buyer', ['My Orders']);
      await see(page.getByText(email));
    },
  );

  test.runIf(!googleReachable)(
    'without apis.google.com, Continue with Google says in plain words that sign-in failed',
    async () => {
      const { page } = browser;
      await page.goto('/login');
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      await see(
        page.getByRole('status').filter({
          hasText: 'Sign-in could not be completed. Check your connection and try again.',
        }),
      );
      expect(await page.getByText('Firebase: Error').count()).toBe(0);
      await see(page.getByRole('button', { name: 'Continue with Google' }));
      expect(new URL(page.url()).pathname).toBe('/login');
    },
  );

  test('Forgot password sends a reset email for the address typed in', async () => {
    const { page } = browser;
    const account = newAccount('forgetful', 'Fred Forgetful');
    await signUpWithPassword(authEmulatorHost, account);

    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await see(page.getByText('This field is required'));

    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await toast(page, `Password reset email sent to ${account.email}`);

    const answer = await fetch(
      `http://${authEmulatorHost}/emulator/v1/projects/${projectId}/oobCodes`,
    );
    const { oobCodes } = (await answer.json()) as {
      oobCodes: { email: string; requestType: string; oobLink: string }[];
    };
    const sent = oobCodes.filter((code) => code.email === account.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.requestType).toBe('PASSWORD_RESET');
  });
});
