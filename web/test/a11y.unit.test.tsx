// axe-core over a few screens (fetch stubbed). jsdom cannot compute colours, so the
// colour-contrast rule is left to the browser tests.
import type { CarRecord } from '@second-gear/features/contract';
import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { renderApp, stubApi, userRecord } from './harness.tsx';

async function seriousViolations(container: HTMLElement) {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const car: CarRecord = {
  _id: 'car-1',
  name: 'Toyota Axio',
  seller_name: 'Seller Person',
  email: 'seller@example.com',
  category: 'Sedan',
  image: '/images/axio.png',
  original_price: 15000,
  price: 9000,
  location: 'Dhaka',
  use: 6,
  booked: 0,
  advertise: 1,
  sold: 0,
  seller_id: 'seller-1',
  seller_rating: { average: null, count: 0 },
  listed_at: '2026-11-01T10:00:00.000Z',
  expires_at: '2026-12-31T10:00:00.000Z',
  images: ['/images/axio.png'],
};

describe('accessibility', () => {
  it('Home has no serious or critical violations', async () => {
    stubApi({
      'GET /api/products/advertise': [car],
      'GET /api/categories': [{ _id: 'c1', name: 'Sedan' }],
    });
    const { container } = renderApp('/');
    await screen.findByRole('heading', { name: 'Recommended Cars' });
    await screen.findByRole('link', { name: 'Sedan' });
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('Login and Register have no serious or critical violations', async () => {
    stubApi({});
    const login = renderApp('/login');
    await screen.findByRole('heading', { name: 'Login' });
    expect(await seriousViolations(login.container)).toEqual([]);
    login.unmount();
    const register = renderApp('/register');
    await screen.findByRole('heading', { name: 'Sign Up' });
    expect(await seriousViolations(register.container)).toEqual([]);
  });

  it('My Products with its table has no serious or critical violations', async () => {
    const seller = userRecord('Seller');
    stubApi({
      'GET /api/user/seller%40example.com': seller,
      'GET /api/products': [car],
    });
    const { container } = renderApp('/user/products', { as: seller });
    await screen.findByText('Yet to Booked');
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('the search page with its filters, chips and pages has no serious or critical violations', async () => {
    stubApi({
      'GET /api/products': () =>
        new Response(JSON.stringify([{ ...car, year: 2017, mileage: 85000, fuel: 'petrol' }]), {
          headers: {
            'Content-Type': 'application/json',
            'X-Total-Count': '30',
            Link: '</api/products?q=axio&limit=24&cursor=c2>; rel="next"',
          },
        }),
      'GET /api/products/facets': {
        total: 30,
        estimated: false,
        category: [{ value: 'Sedan', count: 30 }],
        make: [{ value: 'Toyota', count: 30 }],
        model: [{ value: 'Axio', count: 30 }],
        fuel: [{ value: 'petrol', count: 30 }],
        transmission: [],
        price: [],
      },
    });
    const { container } = renderApp('/products?q=axio&make=Toyota&maxPrice=15000');
    await screen.findByRole('heading', { name: 'Toyota Axio' });
    await screen.findByRole('option', { name: 'Axio (30)' });
    await screen.findByRole('navigation', { name: 'Pages' });
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('Favourites and Notifications, hearts and the bell, have no serious or critical violations', async () => {
    const buyer = userRecord('Buyer');
    stubApi({
      'GET /api/user/buyer%40example.com': buyer,
      'GET /api/favourites': [car, { ...car, _id: 'car-2', name: 'Sold Civic', sold: 1 }],
      'GET /api/favourites/ids': ['car-1'],
      'GET /api/notifications': new Response(
        JSON.stringify([
          {
            _id: 'n1',
            position: '7',
            kind: 'price-dropped',
            message: 'Toyota Axio dropped from $9,500 to $9,000',
            link: '/car/car-1',
            car_id: 'car-1',
            at: '2026-11-20T10:00:00Z',
            read: false,
            details: {},
          },
        ]),
        { headers: { 'Content-Type': 'application/json', 'X-Unread-Count': '1' } },
      ),
    });
    const favourites = renderApp('/user/favourites', { as: buyer });
    await screen.findByRole('link', { name: 'Sold Civic' });
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(await seriousViolations(favourites.container)).toEqual([]);
    favourites.unmount();
    const notifications = renderApp('/user/notifications', { as: buyer });
    await screen.findByRole('link', { name: /dropped from/ });
    expect(await seriousViolations(notifications.container)).toEqual([]);
  });

  it('the 404 page has its image and Go Back To Home', async () => {
    stubApi({});
    const { container } = renderApp('/no/such/page');
    expect(await screen.findByRole('img', { name: /404/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Back To Home' })).toHaveAttribute('href', '/');
    expect(await seriousViolations(container)).toEqual([]);
  });
});
