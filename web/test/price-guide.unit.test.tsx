// A seller's price guide in Add Product: what cars like the one described are worth, once its
// make, model and year are filled in. The network is stubbed at fetch (see harness.tsx).

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderApp, type StubbedCall, stubApi, userRecord } from './harness.tsx';

const seller = userRecord('Seller');

/** Corollas have a market; anything else has too few similar cars. */
const marketValue = (call: StubbedCall) => {
  const query = new URL(call.url, 'http://x').searchParams;
  return json(
    query.get('model')?.toLowerCase() === 'corolla'
      ? { value: 13_700, low: 12_100, high: 14_900, comparables: 23 }
      : { value: null, low: null, high: null, comparables: 0 },
  );
};

const openAddProduct = async () => {
  const { calls } = stubApi({
    'GET /api/user/seller%40example.com': seller,
    'GET /api/products': () => json([], { headers: { 'X-Total-Count': '0' } }),
    'GET /api/categories': [{ _id: 'c1', name: 'Sedan' }],
    'GET /api/market-value': marketValue,
  });
  renderApp('/user/products', { as: seller });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Add Product' }));
  return { calls, user, dialog: await screen.findByRole('dialog') };
};

describe('the price guide in Add Product', () => {
  it('says what cars like this one are worth once make, model and year are known', async () => {
    const { calls, user, dialog } = await openAddProduct();
    await user.type(within(dialog).getByLabelText('Make'), 'Toyota');
    await user.type(within(dialog).getByLabelText('Model'), 'Corolla');
    expect(calls.some((c) => c.url.startsWith('/api/market-value'))).toBe(false);
    await user.type(within(dialog).getByLabelText('Year'), '2017');
    await user.type(within(dialog).getByLabelText('Mileage (km)'), '85,000');
    expect(
      await within(dialog).findByText(
        'Price guide: cars like this sell for about $13,700 (fair $12,100 – $14,900), from 23 similar cars.',
      ),
    ).toBeInTheDocument();
    const asked = calls.filter((c) => c.url.startsWith('/api/market-value')).at(-1);
    expect(Object.fromEntries(new URL(asked?.url ?? '', 'http://x').searchParams)).toEqual({
      make: 'Toyota',
      model: 'Corolla',
      year: '2017',
      mileage: '85000',
    });
  });

  it('says when there are too few similar cars', async () => {
    const { user, dialog } = await openAddProduct();
    await user.type(within(dialog).getByLabelText('Make'), 'Lada');
    await user.type(within(dialog).getByLabelText('Model'), 'Niva');
    await user.type(within(dialog).getByLabelText('Year'), '2018');
    expect(
      await within(dialog).findByText('Not enough similar cars for a price guide yet.'),
    ).toBeInTheDocument();
  });
});
