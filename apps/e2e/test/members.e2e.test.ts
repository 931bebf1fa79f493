import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  createAccount,
  entryOf,
  listCar,
  logIn,
  openDashboard,
  opened,
  see,
  toast,
  unique,
  useBrowser,
} from './harness.ts';

const browser = useBrowser();

/** The bell of the top bar, whose name says how many notifications are unread. */
const bell = (page: Page, unread: number) =>
  page.getByRole('banner').getByRole('button', {
    name: unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`,
    exact: true,
  });

/** Opens the bell's menu and waits for its list. */
async function openBell(page: Page, unread: number) {
  await (await see(bell(page, unread))).click();
  const menu = await opened(page.getByRole('dialog', { name: 'Notifications' }));
  return menu;
}

describe('Members', () => {
  test('a buyer keeps a favourite and a search, hears of a price drop and a new match, and books with the phone of the profile', async () => {
    const seller = await createAccount('seller', 'Mira Members', 'Seller');
    const buyer = await createAccount('buyer', 'Bea Bell', 'Buyer');
    const token = unique();
    const name = `Skoda Octavia ${token}`;
    const { id } = await listCar(seller, {
      name,
      category: 'Sedan',
      original_price: '26000',
      price: '21000',
      location: 'Dresden',
      use: '3',
    });

    // The buyer keeps the car as a favourite from its page, and finds it on Favourites.
    const page = browser.page;
    await logIn(page, buyer.account);
    await see(bell(page, 0));
    await page.goto(`/car/${id}`);
    await see(page.getByRole('heading', { level: 1, name }));
    // The car's own heart, beside its name: the similar cars below have theirs.
    const car = page.getByRole('region', { name });
    await car.getByRole('button', { name: 'Save to favourites' }).click();
    const heart = await see(car.getByRole('button', { name: 'Remove from favourites' }));
    expect(await heart.getAttribute('aria-pressed')).toBe('true');
    await openDashboard(page, 'Favourites');
    await see(page.getByRole('heading', { level: 1, name: 'Favourites' }));
    await see(entryOf(page, name));
    await page.goto('/products');
    await see(page.getByRole('heading', { level: 1, name: 'All Cars' }));

    // The seller lowers its price.
    const sellerPage = await browser.newPage();
    await logIn(sellerPage, seller.account);
    await openDashboard(sellerPage, 'My Products');
    const product = await see(entryOf(sellerPage, name));
    await product.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = await opened(sellerPage.getByRole('dialog', { name: `Edit ${name}` }));
    await edit.getByLabel('Sell Price').fill('18500');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await toast(sellerPage, 'Listing updated');

    // Without a reload, the buyer's bell counts it, and its menu says it.
    const dropped = `${name} dropped from $21,000 to $18,500`;
    const menu = await openBell(page, 1);
    await see(menu.getByRole('link', { name: dropped }));
    await menu.getByRole('button', { name: 'Mark all read' }).click();
    await see(bell(page, 0));
    await page.keyboard.press('Escape');

    // The buyer saves a search, on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    const make = `Zeta${token}`;
    await page.goto(`/products?make=${make}&maxPrice=20000`);
    await see(page.getByText('No cars match this search'));
    await page.getByRole('button', { name: 'Save search' }).click();
    const save = await opened(page.getByRole('dialog', { name: 'Save this search' }));
    expect(await save.getByLabel('Name').inputValue()).toBe(`${make} under $20,000`);
    await save.getByRole('button', { name: 'Save search' }).click();
    await toast(page, 'Search saved');
    await save.waitFor({ state: 'hidden' });

    // The seller lists a car that matches it: the buyer hears of it.
    const match = `${make} Roadster`;
    await listCar(seller, {
      name: match,
      category: 'Sedan',
      original_price: '22000',
      price: '17000',
      location: 'Dresden',
      use: '2',
      make,
    });
    const phoneMenu = await openBell(page, 1);
    await see(
      phoneMenu.getByRole('link', {
        name: `A new car matches your search “${make} under $20,000”: ${match}`,
      }),
    );
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 900 });
    await openDashboard(page, 'Saved searches');
    const saved = await see(entryOf(page, `${make} under $20,000`));
    await see(saved.getByText(`Make: ${make} · Up to $20,000`));

    // The buyer sets a phone in the profile; the booking form starts with it.
    await openDashboard(page, 'Profile');
    await page.getByLabel('Phone').fill('+49 351 555 0303');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await toast(page, 'Profile updated');
    await openDashboard(page, 'Dashboard');
    await see(page.getByText('+49 351 555 0303'));
    await page.goto(`/car/${id}`);
    await page.getByRole('button', { name: 'Book Now' }).click();
    const booking = await opened(page.getByRole('dialog', { name: `Book ${name}` }));
    await expect.poll(() => booking.getByLabel('Phone').inputValue()).toBe('+49 351 555 0303');
  });
});
