import { demoAccounts } from '@second-gear/all-in-one';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  carPicture,
  createAccount,
  entryOf,
  fillCarIdentity,
  logIn,
  openDashboard,
  opened,
  see,
  toast,
  unique,
  useBrowser,
} from './harness.ts';

const browser = useBrowser();
const admin = demoAccounts.admin;

/** The addresses of the pictures in a form's list, in order. */
const chosen = (dialog: Locator) =>
  dialog
    .getByRole('list', { name: 'Chosen pictures' })
    .getByRole('img', { name: /^Picture \d+/ })
    .evaluateAll((images) => images.map((img) => img.getAttribute('src') ?? ''));

/** The large picture of the car page's gallery. */
const large = (page: Page, name: string) =>
  page
    .getByRole('region', { name: `Pictures of ${name}` })
    .getByRole('img', { name: new RegExp(`^${name}, picture \\d of 3$`) });

describe('A car gallery', () => {
  test('a seller lists three pictures and reorders them; buyers browse them; an admin sees the car as it was', async () => {
    const seller = await createAccount('seller', 'Greta Gallery', 'Seller');
    const token = unique();
    const name = `Volvo V60 ${token}`;
    const page = browser.page;
    await logIn(page, seller.account);
    await openDashboard(page, 'My Products');
    await page.getByRole('button', { name: 'Add Product' }).click();
    const add = await opened(page.getByRole('dialog', { name: 'Add Product' }));
    await fillCarIdentity(add, { make: 'Volvo', model: 'V60', year: '2019', mileage: '64,000' });
    await add.getByLabel('Car Name').fill(name);
    await add.getByLabel('Category').selectOption('Sedan');
    await add.getByLabel('Pictures').setInputFiles([
      { name: 'red.png', mimeType: 'image/png', buffer: carPicture([200, 40, 40]) },
      { name: 'blue.png', mimeType: 'image/png', buffer: carPicture([40, 60, 200]) },
      { name: 'green.png', mimeType: 'image/png', buffer: carPicture([40, 160, 60]) },
    ]);
    await see(add.getByRole('img', { name: 'Picture 1 (cover)' }));
    expect(await chosen(add)).toHaveLength(3);
    await add.getByLabel('Original Price').fill('24000');
    await add.getByLabel('Sell Price').fill('19500');
    await add.getByLabel('Location').fill('Gothenburg');
    await add.getByLabel('Years of Use').fill('3');
    await add.getByRole('button', { name: 'Add Product' }).click();
    await toast(page, 'Product added Successfully!');
    await add.waitFor({ state: 'hidden' });

    // Edit: the green picture becomes the cover, the red one second.
    const row = await see(entryOf(page, name));
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = await opened(page.getByRole('dialog', { name: `Edit ${name}` }));
    const [red, blue, green] = await chosen(edit);
    expect(new Set([red, blue, green]).size).toBe(3);
    await edit.getByRole('button', { name: 'Move picture 3 earlier' }).click();
    await edit.getByRole('button', { name: 'Move picture 2 earlier' }).click();
    expect(await chosen(edit)).toEqual([green, red, blue]);
    await see(edit.getByRole('img', { name: 'Picture 1 (cover)' }));
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Listing updated');
    await edit.waitFor({ state: 'hidden' });
    await expect.poll(() => row.getByRole('img', { name }).getAttribute('src')).toBe(green);

    // The car page: the new cover large, the thumbnails, and the arrow keys.
    await page.goto(`/products?q=${token}`);
    await page.getByRole('link', { name: `See Details of ${name}` }).click();
    await see(page.getByRole('heading', { level: 1, name }));
    const id = new URL(page.url()).pathname.split('/').at(-1)!;
    const gallery = page.getByRole('region', { name: `Pictures of ${name}` });
    await see(gallery);
    expect(await large(page, name).getAttribute('src')).toBe(green);
    await expect
      .poll(() => large(page, name).evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    const thumbnail = (n: number) => gallery.getByRole('button', { name: `Picture ${n} of 3` });
    expect(await thumbnail(1).getAttribute('aria-current')).toBe('true');
    expect(await gallery.getByRole('button', { name: /^Picture \d of 3$/ }).count()).toBe(3);
    await gallery.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => large(page, name).getAttribute('src')).toBe(red);
    expect(await thumbnail(2).getAttribute('aria-current')).toBe('true');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => large(page, name).getAttribute('src')).toBe(blue);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => large(page, name).getAttribute('src')).toBe(red);

    // The admin finds the listing in the Audit Log and opens the car as it was then.
    const adminPage = await browser.newPage();
    await logIn(adminPage, admin);
    await openDashboard(adminPage, 'Audit Log');
    await see(adminPage.getByRole('heading', { level: 1, name: 'Audit Log' }));
    const listed = entryOf(adminPage, name).filter({ hasText: /listed/ });
    // The log is a projection: the seller's writes reach it a moment after they are made.
    await expect
      .poll(
        async () => {
          await adminPage.getByLabel('Subject id').fill(id);
          await adminPage.getByRole('button', { name: 'Apply filters' }).click();
          await adminPage.getByRole('table').waitFor();
          return listed.count();
        },
        { interval: 1_000 },
      )
      .toBe(1);
    await listed.getByRole('link', { name: /^As it was…/ }).click();
    await see(adminPage.getByRole('heading', { level: 1, name: `As it was: Car ${name}` }));
    const fields = adminPage.getByLabel('Fields at this moment');
    const image = fields
      .getByRole('definition')
      .filter({ has: adminPage.getByRole('img', { name: 'Image' }) });
    await see(image.getByText(red!, { exact: true }));
    await see(adminPage.getByText(/^As it was after CarListed/));

    const changes = adminPage.getByRole('region', { name: 'Changes, event by event' });
    // Listing with more than one picture records the gallery too; the edit's change is the last.
    const photos = changes.getByRole('listitem').filter({ hasText: 'CarPhotosChanged' }).last();
    await see(photos.getByText(`by ${seller.account.email} (Seller)`));
    const cover = await see(photos.getByRole('listitem').filter({ hasText: /^Image:/ }));
    expect(await cover.textContent()).toBe(`Image: ${red} →became ${green}`);
    await photos.getByRole('button', { name: 'As it was after this' }).click();
    await see(image.getByText(green!, { exact: true }));
  });
});
