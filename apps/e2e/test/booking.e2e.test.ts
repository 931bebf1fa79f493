import { describe, expect, test } from 'vitest';
import {
  createAccount,
  entryOf,
  listCar,
  logIn,
  newAccount,
  openDashboard,
  opened,
  registerThroughUi,
  see,
  toast,
  unique,
  useBrowser,
} from './harness.ts';

const browser = useBrowser();

const carInput = (name: string) => ({
  name,
  category: 'SUV',
  original_price: '31000',
  price: '19990',
  location: 'Bremen',
  use: '5',
});

describe('Booking', () => {
  test('a signed-out visitor sees "Login First" in the booking modal, and is back in it once signed in', async () => {
    const { page } = browser;
    const seller = await createAccount('seller', 'Nina Nobooking', 'Seller');
    const name = `Volvo XC60 ${unique()}`;
    const { id } = await listCar(seller, carInput(name));

    await page.goto(`/car/${id}`);
    await see(page.getByRole('heading', { level: 1, name }));
    await page.getByRole('button', { name: 'Book Now' }).click();
    const dialog = await opened(page.getByRole('dialog', { name: `Book ${name}` }));
    await see(dialog.getByText('Login First', { exact: true }));
    expect(await dialog.getByLabel('Phone').count()).toBe(0);
    await see(dialog.getByRole('link', { name: 'Create an account' }));
    await dialog.getByRole('link', { name: 'Login' }).click();
    await page.waitForURL('**/login');
    // Signed in, the buyer is back on the car's page with the booking form open.
    const buyer = await createAccount('buyer', 'Lena Later', 'Buyer');
    await logIn(page, buyer.account);
    await page.waitForURL(`**/car/${id}**`);
    const form = await opened(page.getByRole('dialog', { name: `Book ${name}` }));
    await see(form.getByLabel('Phone'));
  });

  test('a buyer books with phone and meetup; both see the booking', async () => {
    const { page } = browser;
    const seller = await createAccount('seller', 'Bastian Booked', 'Seller');
    const name = `Nissan Qashqai ${unique()}`;
    const { id } = await listCar(seller, carInput(name));
    const buyer = newAccount('buyer', 'Berta Booker');
    const phone = '+49 421 555 0199';
    const meetup = 'Bremen Hauptbahnhof';

    await registerThroughUi(page, buyer);
    await page.goto(`/car/${id}`);
    await see(page.getByRole('heading', { level: 1, name }));
    await page.getByRole('button', { name: 'Book Now' }).click();
    const dialog = await opened(page.getByRole('dialog', { name: `Book ${name}` }));
    const fact = (label: string, value: string) =>
      see(dialog.getByText(label, { exact: true }).locator('..').getByText(value, { exact: true }));
    await fact('Your Name', buyer.name);
    await fact('Your Email', buyer.email);
    await fact('Car', name);
    await fact('Price', '$19,990');

    // The meetup starts at the car's place; cleared, both fields are required.
    expect(await dialog.getByLabel('Meetup Location').inputValue()).toBe('Bremen');
    await dialog.getByLabel('Meetup Location').fill('');
    await dialog.getByRole('button', { name: 'Book Now' }).click();
    await see(dialog.getByText('This field is required').nth(1));
    expect(await dialog.getByText('This field is required').count()).toBe(2);
    await dialog.getByLabel('Phone').fill(phone);
    await dialog.getByLabel('Meetup Location').fill(meetup);
    await dialog.getByRole('button', { name: 'Book Now' }).click();
    await toast(page, 'Booking Successful!');
    await dialog.waitFor({ state: 'hidden' });
    // The buyer sees their own request; everyone else sees the car booked.
    const booked = await see(page.getByRole('button', { name: 'Booking requested' }));
    expect(await booked.isDisabled()).toBe(true);
    await see(page.getByText('You asked to book this car', { exact: true }));

    await openDashboard(page, 'My Orders');
    await page.waitForURL('**/user/orders');
    await see(page.getByRole('heading', { level: 1, name: 'My Bookings' }));
    const order = await see(entryOf(page, name));
    for (const text of [seller.account.name, seller.account.email, meetup]) {
      await see(order.getByText(text, { exact: true }));
    }
    const details = order.getByRole('link', { name: `See Car Details of ${name}` });
    await details.hover();
    await see(page.getByRole('tooltip', { name: 'See Car Details' }));
    await details.click();
    await page.waitForURL(`**/car/${id}`);
    await see(page.getByRole('heading', { level: 1, name }));
    await see(page.getByRole('button', { name: 'Booking requested' }));

    // The seller, in a browser of their own.
    const sellerPage = await browser.newPage();
    await logIn(sellerPage, seller.account);
    await openDashboard(sellerPage, 'My Bookings');
    await sellerPage.waitForURL('**/user/bookings');
    const received = await see(entryOf(sellerPage, buyer.email));
    for (const text of [buyer.name, buyer.email, phone, meetup]) {
      await see(received.getByText(text, { exact: true }));
    }
    await openDashboard(sellerPage, 'My Products');
    const product = await see(entryOf(sellerPage, name));
    await see(product.getByText('Booked', { exact: true }));
  });
});
