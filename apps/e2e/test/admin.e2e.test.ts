import { demoAccounts } from '@second-gear/all-in-one';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  createAccount,
  entryOf,
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

/**
 * The row (or card) that mentions `text` in the table (or list) named `caption`, paging forward
 * with Next when it is not on this page.
 */
async function rowOf(page: Page, caption: string, text: string): Promise<Locator> {
  const row = entryOf(page, text);
  await see(
    page.getByRole('table', { name: caption }).or(page.getByRole('list', { name: caption })),
  );
  for (;;) {
    if ((await row.count()) > 0) return see(row);
    const next = page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('button', { name: 'Next' });
    if ((await next.count()) === 0 || (await next.isDisabled())) return see(row);
    const arrived = page.waitForResponse((answer) =>
      new URL(answer.url()).pathname.startsWith('/api/'),
    );
    await next.click();
    await arrived;
  }
}

// What the admin did here, for the audit page at the end.
const done = { category: '', promoted: '', deleted: '' };

describe('An admin', () => {
  test('adds and deletes a category', async () => {
    const { page } = browser;
    const name = `Convertible ${unique()}`;
    await logIn(page, admin);
    await openDashboard(page, 'All Categories');
    await page.waitForURL('**/user/categories');
    await see(page.getByRole('heading', { level: 1, name: 'All Categories' }));
    await see(entryOf(page, 'Hatchback'));

    await page.getByRole('button', { name: 'Add Category' }).click();
    const dialog = await opened(page.getByRole('dialog', { name: 'Add Category' }));
    await dialog.getByRole('button', { name: 'Add Category' }).click();
    await see(dialog.getByText('This field is required'));
    await dialog.getByLabel('Category Name').fill(name);
    await dialog.getByRole('button', { name: 'Add Category' }).click();
    await toast(page, 'Category Added Successfully!');
    await dialog.waitFor({ state: 'hidden' });
    const row = await rowOf(page, 'Categories', name);

    await page.goto('/');
    await see(page.getByRole('region', { name: 'Categories' }).getByRole('link', { name }));

    await openDashboard(page, 'All Categories');
    await (await rowOf(page, 'Categories', name))
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    const confirm = await opened(
      page.getByRole('alertdialog', { name: 'Are You Sure You Want to Delete?' }),
    );
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(page, 'Item Deleted Successfully!');
    await row.waitFor({ state: 'detached' });
    done.category = name;
  });

  test('promotes a user, who then sees the admin menu', async () => {
    const { page } = browser;
    const user = await createAccount('promoted', 'Paula Promoted', 'Buyer');
    await logIn(page, admin);
    await openDashboard(page, 'All users');
    await page.waitForURL('**/user/allusers');
    await see(page.getByRole('heading', { level: 1, name: 'All Users' }));
    const row = await rowOf(page, 'Users', user.account.email);
    await see(row.getByText('Buyer', { exact: true }));
    await row.getByRole('button', { name: 'Make Admin' }).click();
    await toast(page, 'Promoted to Admin!');
    await see(row.getByText('Admin', { exact: true }));
    await row.getByRole('button', { name: 'Make Admin' }).waitFor({ state: 'detached' });
    done.promoted = user.account.email;

    const theirs = await browser.newPage();
    await logIn(theirs, user.account);
    await theirs.goto('/user');
    const menu = theirs.getByRole('navigation', { name: 'Dashboard' });
    await see(menu.getByRole('link', { name: 'All Categories' }));
    await see(menu.getByRole('link', { name: 'All users' }));
    expect(await menu.getByRole('link', { name: 'My Orders' }).count()).toBe(0);
    await menu.getByRole('link', { name: 'All users' }).click();
    await see(theirs.getByRole('heading', { level: 1, name: 'All Users' }));
  });

  test('deletes a user', async () => {
    const { page } = browser;
    const user = await createAccount('deleted', 'Dora Deleted', 'Seller');
    await logIn(page, admin);
    await openDashboard(page, 'All users');
    const row = await rowOf(page, 'Users', user.account.email);
    await row.getByRole('button', { name: 'Delete' }).click();
    const confirm = await opened(
      page.getByRole('alertdialog', { name: 'Are You Sure You Want to Delete?' }),
    );
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(page, 'User Deleted Successfully!');
    await row.waitFor({ state: 'detached' });
    done.deleted = user.account.email;
  });

  test('sees all of these actions on the audit page', async () => {
    const { page } = browser;
    expect(done, 'the admin actions above must have succeeded').toEqual({
      category: expect.stringContaining('Convertible'),
      promoted: expect.stringContaining('@'),
      deleted: expect.stringContaining('@'),
    });
    await logIn(page, admin);
    await openDashboard(page, 'Audit Log');
    await page.waitForURL('**/user/audit');
    await see(page.getByRole('heading', { level: 1, name: 'Audit Log' }));
    await page.getByLabel('Actor email').fill(admin.email);
    await page.getByRole('button', { name: 'Apply filters' }).click();

    const entry = (subject: string, action: RegExp) =>
      entryOf(page, subject).filter({ hasText: action });
    await see(entry(done.category, /created/i));
    await see(entry(done.category, /deleted/i));
    await see(entry(done.promoted, /promoted/i));
    // A deleted user is erased: the admin's deletion is there, its subject a deleted user, and
    // nothing on the page shows the email they had.
    await see(entry('Deleted user', /deleted/i));
    expect(await page.getByText(done.deleted).count()).toBe(0);
    for (const row of await entryOf(page, done.category).all()) {
      await see(row.getByText(admin.email));
    }
  });
});
