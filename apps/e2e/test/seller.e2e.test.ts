import { describe, expect, test } from 'vitest';
import {
  carPicture,
  createAccount,
  entryOf,
  fillCarIdentity,
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

describe('A seller', () => {
  test('adds a car with a picture, sees it as "Yet to Booked", advertises it, and finds it in Recommended Cars', async () => {
    const { page } = browser;
    const seller = await createAccount('seller', 'Sofia Seller', 'Seller');
    const car = `Skoda Octavia ${unique()}`;
    await logIn(page, seller.account);
    await openDashboard(page, 'My Products');
    await page.waitForURL('**/user/products');
    await see(page.getByRole('heading', { level: 1, name: 'My Products' }));
    await see(page.getByText('You have not added any car yet.'));

    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = await opened(page.getByRole('dialog', { name: 'Add Product' }));
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    // The name, category, pictures, both prices, location and years of use, and what the car is.
    await see(dialog.getByText('This field is required').first());
    expect(await dialog.getByText('This field is required').count()).toBe(11);

    await fillCarIdentity(dialog, {
      make: 'Skoda',
      model: 'Octavia',
      year: '2018',
      mileage: '96,000',
    });
    expect(await dialog.getByLabel('Car Name').inputValue()).toBe('Skoda Octavia 2018');
    await dialog.getByLabel('Car Name').fill(car);
    await dialog.getByLabel('Category').selectOption('Sedan');
    await dialog.getByLabel('Picture').setInputFiles({
      name: 'my-car.png',
      mimeType: 'image/png',
      buffer: carPicture(),
    });
    await dialog.getByLabel('Original Price').fill('18000');
    await dialog.getByLabel('Sell Price').fill('11500');
    await dialog.getByLabel('Location').fill('Lyon');
    await dialog.getByLabel('Years of Use').fill('6');

    // Hold the upload until the button has said "Uploading...", so the state is seen for sure.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/images', async (route) => {
      await held;
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await see(dialog.getByRole('button', { name: 'Uploading...' }));
    release();
    await toast(page, 'Product added Successfully!');
    await dialog.waitFor({ state: 'hidden' });

    const row = entryOf(page, car);
    await see(row.getByText('Yet to Booked', { exact: true }));
    await see(row.getByText('$11,500', { exact: true }));
    await see(row.getByText('6 years', { exact: true }));
    const thumbnail = await see(row.getByRole('img', { name: car }));
    await expect
      .poll(() => thumbnail.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);

    await row.getByRole('button', { name: 'Advertise' }).click();
    await toast(page, 'Added to Advertisement Successfully!');
    const advertised = await see(row.getByRole('button', { name: 'Advertised' }));
    await advertised.hover();
    await see(page.getByRole('tooltip', { name: 'Already Advertised' }));
    await advertised.click();
    await toast(page, 'Already in Advertisement');

    await page.goto('/');
    const recommended = page.getByRole('region', { name: 'Recommended Cars' });
    await see(recommended.getByRole('heading', { name: car }));
    await see(recommended.getByText('$11,500', { exact: true }));
  });

  test('deletes another car through the confirmation', async () => {
    const { page } = browser;
    const seller = await createAccount('seller', 'Dario Deleter', 'Seller');
    const kept = `Fiat Panda ${unique()}`;
    const doomed = `Opel Corsa ${unique()}`;
    const input = {
      category: 'Hatchback',
      original_price: '9000',
      price: '4000',
      location: 'Turin',
      use: '10',
    };
    await listCar(seller, { ...input, name: kept });
    await listCar(seller, { ...input, name: doomed });

    await logIn(page, seller.account);
    await openDashboard(page, 'My Products');
    await see(entryOf(page, kept));
    const row = await see(entryOf(page, doomed));
    await row.getByRole('button', { name: 'Delete Item' }).click();

    const confirm = await opened(
      page.getByRole('alertdialog', { name: 'Are You Sure You Want to Delete?' }),
    );
    await see(confirm.getByText("You won't be able to get back once deleted the item."));
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(page, 'Item Deleted Successfully!');
    await row.waitFor({ state: 'detached' });
    await see(entryOf(page, kept));

    await page.goto('/products');
    await see(page.getByRole('heading', { name: kept }));
    expect(await page.getByRole('heading', { name: doomed }).count()).toBe(0);
  });
});
