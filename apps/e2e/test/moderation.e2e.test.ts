// Trust, as its people use it in a browser: a buyer reports a car from its page; an admin finds
// it on the Reports page and hides it with a reason; the car is gone from a visitor's search, and
// its seller sees why on My Products and its page; the admin restores it and it is back. On a
// desktop and on a phone.
import { demoAccounts } from '@second-gear/all-in-one';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  createAccount,
  listCar,
  logIn,
  openDashboard,
  opened,
  screenSizes,
  see,
  toast,
  unique,
  useBrowser,
} from './harness.ts';

const browser = useBrowser();
const admin = demoAccounts.admin;

/** What a visitor's search for `words` lists, once the page has answered. */
async function searchFor(page: Page, words: string) {
  await page.goto(`/products?q=${encodeURIComponent(words)}`);
  await see(page.getByRole('heading', { level: 1, name: 'All Cars' }));
  await see(page.getByText(/^\d+ cars?$|^No cars/));
}

describe.each(screenSizes)('Trust on a $size', ({ viewport }) => {
  test('a buyer reports a car, an admin hides it with a reason and restores it', async () => {
    const token = unique();
    const seller = await createAccount('seller', `Rex Seller ${token}`, 'Seller');
    const buyer = await createAccount('buyer', `Ria Buyer ${token}`, 'Buyer');
    const name = `Lancia Delta ${token}`;
    const { id } = await listCar(seller, {
      name,
      category: 'Hatchback',
      original_price: '18000',
      price: '3000',
      location: 'Turin',
      use: '6',
    });

    // The buyer reports it from its page.
    const page = browser.page;
    await page.setViewportSize(viewport);
    await logIn(page, buyer.account);
    await page.goto(`/car/${id}`);
    await see(page.getByRole('heading', { level: 1, name }));
    await page.getByRole('button', { name: 'Report this car' }).click();
    const dialog = await opened(page.getByRole('dialog', { name: `Report ${name}` }));
    await dialog.getByLabel('Reason').selectOption({ label: 'Scam or suspicious' });
    await dialog.getByLabel('Details').fill('Far too cheap, and the seller wants a deposit first');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await toast(page, 'Thanks: a moderator will look at it.');

    // The admin finds it on the Reports page and hides it, saying why.
    const adminPage = await browser.newPage();
    await adminPage.setViewportSize(viewport);
    await logIn(adminPage, admin);
    await openDashboard(adminPage, 'Reports');
    await see(adminPage.getByRole('heading', { level: 1, name: 'Reports' }));
    const group = adminPage.getByRole('listitem').filter({ hasText: name });
    await see(group.getByText('1 open report'));
    await see(group.getByText('Far too cheap, and the seller wants a deposit first'));
    await group.getByRole('button', { name: 'Hide car' }).click();
    const hide = await opened(adminPage.getByRole('dialog', { name: `Hide ${name}` }));
    await hide.getByLabel('Reason').fill('The price is not believable: send the papers to support');
    await hide.getByRole('button', { name: 'Hide car' }).click();
    await toast(adminPage, 'Car hidden');

    // Gone from search for everyone else, once the read model has the hiding (a visitor has no
    // write of their own to wait for).
    const visitor = await browser.newPage();
    await expect
      .poll(async () => {
        await searchFor(visitor, name);
        return visitor.getByRole('heading', { name }).count();
      })
      .toBe(0);

    // Its seller sees it hidden, with the reason.
    const sellerPage = await browser.newPage();
    await sellerPage.setViewportSize(viewport);
    await logIn(sellerPage, seller.account);
    await openDashboard(sellerPage, 'My Products');
    // Their only car: a row of the table on a desktop, a card on a phone.
    const mine = sellerPage.getByRole('main');
    await see(mine.getByText(name));
    await see(mine.getByText('Hidden', { exact: true }));
    await see(mine.getByText('The price is not believable: send the papers to support'));
    // Its page says it is under review, and offers no booking.
    await sellerPage.goto(`/car/${id}`);
    await see(sellerPage.getByText('This car is under review and cannot be booked for now.'));
    expect(await sellerPage.getByRole('button', { name: 'Book Now' }).count()).toBe(0);

    // The admin restores it from the settled reports; it is back in search.
    await adminPage.goto('/user/reports?status=resolved');
    const settled = adminPage.getByRole('listitem').filter({ hasText: name });
    await settled.getByRole('button', { name: 'Restore car' }).click();
    const restore = await opened(adminPage.getByRole('dialog', { name: `Restore ${name}` }));
    await restore.getByLabel('Reason').fill('The seller sent the papers');
    await restore.getByRole('button', { name: 'Restore car' }).click();
    await toast(adminPage, 'Car restored');
    await expect
      .poll(async () => {
        await searchFor(visitor, name);
        return visitor.getByRole('heading', { name }).count();
      })
      .toBe(1);
  });
});
