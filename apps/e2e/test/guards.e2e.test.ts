import { describe, test } from 'vitest';
import { createAccount, logIn, see, useBrowser } from './harness.ts';

const browser = useBrowser();

const dashboardRoutes = [
  '/user',
  '/user/orders',
  '/user/products',
  '/user/bookings',
  '/user/categories',
  '/user/allusers',
  '/user/audit',
];

describe('Guards', () => {
  test('a buyer who opens /user/allusers is sent to /', async () => {
    const { page } = browser;
    const buyer = await createAccount('buyer', 'Gus Guarded', 'Buyer');
    await logIn(page, buyer.account);
    await page.goto('/user/allusers');
    await page.waitForURL((url) => url.pathname === '/');
    await see(page.getByRole('heading', { level: 1, name: 'Second Gear' }));
    await page.goto('/user/categories');
    await page.waitForURL((url) => url.pathname === '/');
  });

  test('every dashboard route requires login', async () => {
    const { page } = browser;
    for (const route of dashboardRoutes) {
      await page.goto(route);
      await page.waitForURL((url) => url.pathname === '/login');
      await see(page.getByRole('heading', { level: 1, name: 'Login' }));
    }
  });

  test('after signing in, the guarded page the visitor asked for opens', async () => {
    const { page } = browser;
    const seller = await createAccount('seller', 'Greta Guarded', 'Seller');
    await page.goto('/user/products');
    await page.waitForURL((url) => url.pathname === '/login');
    await logIn(page, seller.account);
    await page.waitForURL((url) => url.pathname === '/user/products');
    await see(page.getByRole('heading', { level: 1, name: 'My Products' }));
  });
});
