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

/** A `datetime-local` value `days` from now at 15:00, in the browser's (the machine's) time. */
const afternoonIn = (days: number) => {
  const date = new Date(Date.now() + days * 86_400_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T15:00`;
};

/** How the page writes a time: the reader's locale, as the web app formats it. */
const shownTime = (page: Page, local: string) =>
  page.evaluate(
    (value) =>
      new Date(value).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
    local,
  );

/**
 * Opens the car's page until it offers Book Now: another user's change reaches a fresh reader
 * once the projections have applied it, which may be a moment after the toast.
 */
async function openBookable(page: Page, id: string, name: string) {
  await expect
    .poll(
      async () => {
        await page.goto(`/car/${id}`);
        await see(page.getByRole('heading', { level: 1, name }));
        return page.getByRole('button', { name: 'Book Now' }).isVisible();
      },
      { interval: 1_000 },
    )
    .toBe(true);
}

/** Books the car from its open page, with a proposed time when given. */
async function book(page: Page, name: string, phone: string, meetup: string, when?: string) {
  await page.getByRole('button', { name: 'Book Now' }).click();
  const dialog = await opened(page.getByRole('dialog', { name: `Book ${name}` }));
  await dialog.getByLabel('Phone').fill(phone);
  await dialog.getByLabel('Meetup Location').fill(meetup);
  if (when) await dialog.getByLabel('Proposed time').fill(when);
  await dialog.getByRole('button', { name: 'Book Now' }).click();
  await toast(page, 'Booking Successful!');
  await dialog.waitFor({ state: 'hidden' });
  await see(page.getByRole('button', { name: 'Booking requested' }));
}

describe("A listing's life", () => {
  test('the seller lowers the price, answers and loses a booking, and marks the car sold', async () => {
    const seller = await createAccount('seller', 'Lena Lifecycle', 'Seller');
    const first = await createAccount('buyer', 'Finn First', 'Buyer');
    const second = await createAccount('buyer', 'Sara Second', 'Buyer');
    const token = unique();
    const name = `Mazda CX-5 ${token}`;
    const { id } = await listCar(seller, {
      name,
      category: 'SUV',
      original_price: '32000',
      price: '21000',
      location: 'Leipzig',
      use: '4',
    });

    // The seller lowers the price from My Products.
    const sellerPage = browser.page;
    await logIn(sellerPage, seller.account);
    await openDashboard(sellerPage, 'My Products');
    const product = await see(entryOf(sellerPage, name));
    await product.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = await opened(sellerPage.getByRole('dialog', { name: `Edit ${name}` }));
    expect(await edit.getByLabel('Sell Price').inputValue()).toBe('21000');
    await edit.getByLabel('Sell Price').fill('18500');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await toast(sellerPage, 'Listing updated');
    await edit.waitFor({ state: 'hidden' });
    await see(product.getByText('$18,500', { exact: true }));

    // The first buyer finds it marked in the search, sees the drop on its page, and books it
    // with a proposed time.
    const firstPage = await browser.newPage();
    await logIn(firstPage, first.account);
    await firstPage.goto(`/products?q=${token}`);
    const card = firstPage.locator('.chakra-card__root').filter({
      has: firstPage.getByRole('heading', { name }),
    });
    await see(card.getByText('Price dropped', { exact: true }));
    await card.getByRole('link', { name: `See Details of ${name}` }).click();
    await see(firstPage.getByRole('heading', { level: 1, name }));
    await see(firstPage.getByText('Price dropped from $21,000', { exact: true }));
    const history = firstPage.getByRole('region', { name: 'Price history' });
    expect(await (await see(history.getByRole('listitem'))).count()).toBe(2);
    await see(history.getByText(/^\$21,000 on /));
    const when = afternoonIn(3);
    await book(firstPage, name, '+49 341 555 0101', 'Leipzig Hauptbahnhof', when);

    // The seller accepts it, on a phone: each booking is a card of the list, every column a line.
    await sellerPage.setViewportSize({ width: 390, height: 844 });
    await sellerPage.goto('/user/bookings');
    const bookings = await see(sellerPage.getByRole('list', { name: 'Bookings of your cars' }));
    expect(await sellerPage.getByRole('table').count()).toBe(0);
    // Nothing hides beyond a sideways scroll.
    expect(
      await sellerPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBe(0);
    const request = await see(
      bookings.getByRole('listitem').filter({ hasText: first.account.email }),
    );
    await see(request.getByText('Requested', { exact: true }));
    await see(request.getByText(await shownTime(sellerPage, when), { exact: true }));
    await see(request.getByRole('link', { name }));
    expect(await request.getByRole('button', { name: /^Cancel/ }).count()).toBe(0);
    await request.getByRole('button', { name: /^Accept/ }).click();
    await toast(sellerPage, 'Booking accepted');
    await see(request.getByText('Accepted', { exact: true }));
    expect(await request.getByRole('button', { name: /^Accept/ }).count()).toBe(0);
    await see(request.getByRole('button', { name: /^Cancel/ }));

    // The first buyer sees it accepted, and cancels.
    await openDashboard(firstPage, 'My Orders');
    const order = await see(entryOf(firstPage, name));
    await see(order.getByText('Accepted', { exact: true }));
    await order.getByRole('button', { name: /^Cancel/ }).click();
    const confirm = await opened(
      firstPage.getByRole('alertdialog', { name: 'Cancel this booking?' }),
    );
    await confirm.getByRole('button', { name: 'Cancel booking' }).click();
    await toast(firstPage, 'Booking cancelled');
    await see(order.getByText('Cancelled', { exact: true }));
    expect(await order.getByRole('button', { name: /^Cancel/ }).count()).toBe(0);

    // The car is free again: the second buyer books it.
    const secondPage = await browser.newPage();
    await logIn(secondPage, second.account);
    await openBookable(secondPage, id, name);
    await book(secondPage, name, '+49 341 555 0202', 'Augustusplatz');
    await secondPage.goto('/products');
    await see(secondPage.getByRole('heading', { name }));

    // The seller marks it sold.
    await sellerPage.setViewportSize({ width: 1280, height: 900 });
    await openDashboard(sellerPage, 'My Products');
    const listed = await see(entryOf(sellerPage, name));
    await listed.getByRole('button', { name: `Mark sold: ${name}` }).click();
    const sale = await opened(
      sellerPage.getByRole('alertdialog', { name: 'Mark this car as sold?' }),
    );
    await sale.getByRole('button', { name: 'Mark sold', exact: true }).click();
    await toast(sellerPage, 'Marked as sold');
    await see(listed.getByText('Sold', { exact: true }));
    expect(await listed.getByRole('button').allTextContents()).toEqual(['Delete Item']);

    // It has left All Cars and the search; its page says Sold; the open booking has ended.
    await expect
      .poll(
        async () => {
          await secondPage.goto('/products');
          await see(secondPage.getByRole('heading', { level: 1, name: 'All Cars' }));
          await see(secondPage.locator('.chakra-card__root'));
          return secondPage.getByRole('heading', { name }).count();
        },
        { interval: 1_000 },
      )
      .toBe(0);
    await secondPage.goto(`/products?q=${token}`);
    await see(secondPage.getByText('No cars match this search'));
    await secondPage.goto(`/car/${id}`);
    await see(secondPage.getByRole('heading', { level: 1, name }));
    const sold = await see(secondPage.getByRole('button', { name: 'Sold', exact: true }));
    expect(await sold.isDisabled()).toBe(true);
    expect(await secondPage.getByRole('button', { name: 'Book Now' }).count()).toBe(0);
    await openDashboard(secondPage, 'My Orders');
    const ended = await see(entryOf(secondPage, name));
    await see(ended.getByText('Ended', { exact: true }));
  });
});
