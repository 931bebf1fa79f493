// A seller's price guide in Add Product and Edit: what cars like the one described are worth,
// once its make, model and year are filled in, under the Sell Price. The network is stubbed at
// fetch (see harness.tsx).

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { guidedCar, guideWords } from '../src/pages/dashboard/price-guide.tsx';
import {
  carRecord,
  json,
  problem,
  renderApp,
  type StubbedCall,
  stubApi,
  userRecord,
} from './harness.tsx';

const seller = userRecord('Seller');

const guide = 'Market value $13,700 (fair $12,100 – $14,900), from 23 similar cars';
const noGuide = 'Not enough similar cars for a price guide yet';

/** Corollas have a market; anything else has too few similar cars. */
const marketValue = (call: StubbedCall) => {
  const query = new URL(call.url, 'http://x').searchParams;
  return json(
    query.get('model')?.toLowerCase() === 'corolla'
      ? { value: 13_700, low: 12_100, high: 14_900, comparables: 23 }
      : { value: null, low: null, high: null, comparables: 2 },
  );
};

const guideCalls = (calls: StubbedCall[]) =>
  calls.filter((c) => c.url.startsWith('/api/market-value'));

const sellerApi = (extra: Record<string, unknown> = {}) =>
  stubApi({
    'GET /api/user/seller%40example.com': seller,
    'GET /api/products': () => json([], { headers: { 'X-Total-Count': '0' } }),
    'GET /api/categories': [{ _id: 'c1', name: 'Sedan' }],
    'GET /api/market-value': marketValue,
    ...extra,
  });

const openAddProduct = async (extra: Record<string, unknown> = {}) => {
  const { calls } = sellerApi(extra);
  renderApp('/user/products', { as: seller });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Add Product' }));
  return { calls, user, dialog: await screen.findByRole('dialog') };
};

describe('the price guide’s car and words', () => {
  const fields = { make: ' Toyota ', model: 'Corolla', year: '2017', mileage: '' };

  it('asks only once make, model and a model year are given, the mileage when it is one', () => {
    expect(guidedCar(fields)).toEqual({ make: 'Toyota', model: 'Corolla', year: 2017 });
    expect(guidedCar({ ...fields, mileage: '85,000' })).toMatchObject({ mileage: 85_000 });
    expect(guidedCar({ ...fields, mileage: 'lots' })).not.toHaveProperty('mileage');
    expect(guidedCar({ ...fields, make: ' ' })).toBeUndefined();
    expect(guidedCar({ ...fields, model: '' })).toBeUndefined();
    expect(guidedCar({ ...fields, year: '' })).toBeUndefined();
    expect(guidedCar({ ...fields, year: '17' })).toBeUndefined();
  });

  it('says the market value and fair range, or that there is none yet', () => {
    expect(guideWords({ value: 13_700, low: 12_100, high: 14_900, comparables: 23 })).toBe(guide);
    expect(guideWords({ value: null, low: null, high: null, comparables: 4 })).toBe(noGuide);
  });
});

describe('the price guide in Add Product', () => {
  it('gives the market value under the Sell Price once make, model and year are known', async () => {
    const { calls, user, dialog } = await openAddProduct();
    await user.type(within(dialog).getByLabelText(/^Year\b/), '2017');
    await user.type(within(dialog).getByLabelText(/^Mileage/), '85,000');
    await user.type(within(dialog).getByLabelText(/^Make/), 'Toyota');
    await user.type(within(dialog).getByLabelText(/^Model/), 'Corolla');
    const shown = await within(dialog).findByText(guide);
    expect(shown).toHaveAttribute('role', 'status');
    expect(within(dialog).getByLabelText(/Sell Price/)).toHaveAccessibleDescription(guide);
    // Asked once the typing paused: for the model typed, not for each of its letters.
    expect(
      guideCalls(calls).map((c) => Object.fromEntries(new URL(c.url, 'http://x').searchParams)),
    ).toEqual([{ make: 'Toyota', model: 'Corolla', year: '2017', mileage: '85000' }]);
  });

  it('says when there are too few similar cars, and goes when the year does', async () => {
    const { user, dialog } = await openAddProduct();
    await user.type(within(dialog).getByLabelText(/^Make/), 'Lada');
    await user.type(within(dialog).getByLabelText(/^Model/), 'Niva');
    await user.type(within(dialog).getByLabelText(/^Year\b/), '2018');
    expect(await within(dialog).findByText(noGuide)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/^Year\b/));
    expect(within(dialog).queryByText(noGuide)).toBeNull();
  });

  it('never stands in the way of adding the car, even when the guide fails', async () => {
    const { calls, user, dialog } = await openAddProduct({
      'GET /api/market-value': problem(503, 'Service Unavailable'),
      'POST /api/images': json({ success: true, data: { url: '/images/new.png' } }),
      'POST /api/product': json(
        { acknowledged: true, insertedId: 'car-9', position: '9' },
        { status: 201 },
      ),
    });
    await user.type(within(dialog).getByLabelText(/Car Name/), 'Toyota Corolla');
    await within(dialog).findByRole('option', { name: 'Sedan' });
    await user.selectOptions(within(dialog).getByLabelText(/Category/), 'Sedan');
    await user.upload(
      within(dialog).getByLabelText(/Picture/),
      new File(['png'], 'corolla.png', { type: 'image/png' }),
    );
    await user.type(within(dialog).getByLabelText(/Original Price/), '16000');
    await user.type(within(dialog).getByLabelText(/Sell Price/), '12500');
    await user.type(within(dialog).getByLabelText(/Location/), 'Bremen');
    await user.type(within(dialog).getByLabelText(/Years of Use/), '7');
    await user.type(within(dialog).getByLabelText(/^Make/), 'Toyota');
    await user.type(within(dialog).getByLabelText(/^Model/), 'Corolla');
    await user.type(within(dialog).getByLabelText(/^Year\b/), '2017');
    await user.type(within(dialog).getByLabelText(/^Mileage/), '85,000');
    await waitFor(() => expect(guideCalls(calls).length).toBeGreaterThan(0));
    await user.click(within(dialog).getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Product added Successfully!')).toBeInTheDocument();
    const added = calls.find((c) => c.method === 'POST' && c.url === '/api/product');
    expect(added?.body).toMatchObject({ make: 'Toyota', model: 'Corolla', price: '12500' });
    expect(screen.queryByText(/Market value|price guide/)).toBeNull();
    expect(screen.queryByText('Service Unavailable')).toBeNull();
  });
});

describe('the price guide in Edit', () => {
  it('gives the guide of the car as listed, and of the details as they change', async () => {
    const mine = carRecord({
      name: 'Toyota Corolla',
      email: seller.email,
      make: 'Toyota',
      model: 'Corolla',
      year: 2017,
    });
    const { calls } = sellerApi({
      'GET /api/products': () => json([mine], { headers: { 'X-Total-Count': '1' } }),
    });
    renderApp('/user/products', { as: seller });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Toyota Corolla' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Toyota Corolla' });
    expect(await within(dialog).findByText(guide)).toBeInTheDocument();
    expect(
      Object.fromEntries(new URL(guideCalls(calls)[0]?.url ?? '', 'http://x').searchParams),
    ).toEqual({
      make: 'Toyota',
      model: 'Corolla',
      year: '2017',
    });
    await user.clear(within(dialog).getByLabelText(/^Model/));
    await user.type(within(dialog).getByLabelText(/^Model/), 'Yaris');
    expect(await within(dialog).findByText(noGuide)).toBeInTheDocument();
  });
});
