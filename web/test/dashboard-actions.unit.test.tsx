// Seller and admin actions: modals, confirmations and the toasts that confirm them.
// The network is stubbed at fetch (see harness.tsx).

import type { CarRecord } from '@second-gear/features/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  json,
  problem,
  renderApp,
  type StubbedCall,
  stubApi,
  typeCarIdentity,
  userRecord,
} from './harness.tsx';

const REQUIRED = 'This field is required';
const seller = userRecord('Seller');
const admin = userRecord('Admin');

const car = (overrides: Partial<CarRecord>): CarRecord => ({
  _id: 'car-1',
  name: 'Honda Civic',
  seller_name: seller.name,
  email: seller.email,
  category: 'Sedan',
  image: '/images/civic.png',
  original_price: 20000,
  price: 12000,
  location: 'Chattogram',
  use: 5,
  booked: 0,
  advertise: 0,
  sold: 0,
  seller_id: 'seller-1',
  seller_rating: { average: null, count: 0 },
  listed_at: '2026-11-01T10:00:00.000Z',
  expires_at: '2026-12-31T10:00:00.000Z',
  images: ['/images/civic.png'],
  ...overrides,
});

const sellerApi = (cars: CarRecord[], extra: Record<string, unknown> = {}) =>
  stubApi({
    'GET /api/user/seller%40example.com': seller,
    'GET /api/products': () => json(cars, { headers: { 'X-Total-Count': String(cars.length) } }),
    'GET /api/categories': [{ _id: 'c1', name: 'Sedan' }],
    ...extra,
  });

describe('My Products', () => {
  it('lists cars with their status and advertises one', async () => {
    const { calls } = sellerApi([car({}), car({ _id: 'car-2', name: 'Booked One', booked: 1 })], {
      'PUT /api/products/car-1': json({ acknowledged: true, position: '7' }),
    });
    renderApp('/user/products', { as: seller });
    expect(await screen.findByText('Yet to Booked')).toBeInTheDocument();
    expect(screen.getByText('Booked')).toBeInTheDocument();
    const row = screen.getByText('Honda Civic').closest('tr')!;
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Advertise' }));
    expect(await screen.findByText('Added to Advertisement Successfully!')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.url.startsWith('/api/products?'))
          .at(-1)
          ?.headers.get('X-Min-Position'),
      ).toBe('7'),
    );
  });

  it('says "Already in Advertisement" on a 409 and for an advertised row', async () => {
    sellerApi([car({}), car({ _id: 'car-2', name: 'Advertised One', advertise: 1 })], {
      'PUT /api/products/car-1': problem(409, 'Conflict', 'The car is already advertised.'),
    });
    renderApp('/user/products', { as: seller });
    const user = userEvent.setup();
    const row = (await screen.findByText('Honda Civic')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Advertise' }));
    expect(await screen.findByText('Already in Advertisement')).toBeInTheDocument();

    const advertised = screen.getByText('Advertised One').closest('tr')!;
    const button = within(advertised).getByRole('button', { name: 'Advertised' });
    await user.hover(button);
    expect(await screen.findByText('Already Advertised')).toBeInTheDocument();
  });

  it('tells a Buyer who comes by address that only sellers list cars, with no Add Product', async () => {
    const buyer = userRecord('Buyer');
    const { calls } = stubApi({
      [`GET /api/user/${encodeURIComponent(buyer.email)}`]: buyer,
      'GET /api/products': () => json([], { headers: { 'X-Total-Count': '0' } }),
      'POST /api/user/seller': json({ acknowledged: true }),
    });
    renderApp('/user/products', { as: buyer });
    expect(await screen.findByText(/Only sellers list cars/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Product' })).not.toBeInTheDocument();
    expect(await screen.findByText('You have not added any car yet.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Apply for Seller' }));
    expect(await screen.findByText('You are a Seller now!')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/user/seller')).toBe(true);
  });

  it('offers a Seller Add Product and no apply action', async () => {
    sellerApi([]);
    renderApp('/user/products', { as: seller });
    expect(await screen.findByRole('button', { name: 'Add Product' })).toBeInTheDocument();
    expect(screen.queryByText(/Only sellers list cars/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply for Seller' })).not.toBeInTheDocument();
  });

  it('confirms before deleting, then says so', async () => {
    sellerApi([car({})], {
      'DELETE /api/product/car-1': json({ acknowledged: true, deletedCount: 1 }),
    });
    renderApp('/user/products', { as: seller });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Item' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Are You Sure You Want to Delete?')).toBeInTheDocument();
    expect(
      within(dialog).getByText("You won't be able to get back once deleted the item."),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Item Deleted Successfully!')).toBeInTheDocument();
  });

  it('Add Product requires every field, uploads the picture and shows "Uploading..."', async () => {
    let releaseUpload: () => void = () => {};
    const { calls } = sellerApi([], {
      'POST /api/images': () =>
        new Promise<Response>((resolve) => {
          releaseUpload = () => resolve(json({ success: true, data: { url: '/images/new.png' } }));
        }),
      'POST /api/product': json(
        { acknowledged: true, insertedId: 'car-9', position: '9' },
        { status: 201 },
      ),
    });
    renderApp('/user/products', { as: seller });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Product' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Add Product' }));
    // Name, category, pictures, two prices, location and years of use; and what the car is.
    expect(await within(dialog).findAllByText(REQUIRED)).toHaveLength(11);

    await typeCarIdentity(user, dialog);
    // The name follows the make, model and year, and the seller may change it.
    expect(within(dialog).getByLabelText(/Car Name/)).toHaveValue('Nissan Leaf 2020');
    await user.clear(within(dialog).getByLabelText(/Car Name/));
    await user.type(within(dialog).getByLabelText(/Car Name/), 'Nissan Leaf');
    await within(dialog).findByRole('option', { name: 'Sedan' });
    await user.selectOptions(within(dialog).getByLabelText(/Category/), 'Sedan');
    await user.upload(
      within(dialog).getByLabelText(/Picture/),
      new File(['png'], 'leaf.png', { type: 'image/png' }),
    );
    await user.type(within(dialog).getByLabelText(/Original Price/), '30000');
    await user.type(within(dialog).getByLabelText(/Sell Price/), '18000');
    await user.type(within(dialog).getByLabelText(/Location/), 'Sylhet');
    await user.type(within(dialog).getByLabelText(/Years of Use/), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Add Product' }));
    expect(await within(dialog).findByRole('button', { name: 'Uploading...' })).toBeDisabled();
    releaseUpload();
    expect(await screen.findByText('Product added Successfully!')).toBeInTheDocument();
    const added = calls.find((c) => c.method === 'POST' && c.url === '/api/product');
    expect(added?.body).toEqual({
      name: 'Nissan Leaf',
      category: 'Sedan',
      image: '/images/new.png',
      original_price: '30000',
      price: '18000',
      location: 'Sylhet',
      use: '3',
      make: 'Nissan',
      model: 'Leaf',
      year: '2020',
      mileage: '42,000',
      seller_name: seller.name,
      email: seller.email,
    });
  });

  it("Add Product holds prices and years to the contract's bounds before uploading", async () => {
    const { calls } = sellerApi([]);
    renderApp('/user/products', { as: seller });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Product' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Original Price/), 'cheap');
    await user.type(within(dialog).getByLabelText(/Sell Price/), '0');
    await user.type(within(dialog).getByLabelText(/Years of Use/), '101');
    await user.click(within(dialog).getByRole('button', { name: 'Add Product' }));
    expect(await within(dialog).findByText('Must be a number')).toBeInTheDocument();
    expect(within(dialog).getByText('Must be at least 1')).toBeInTheDocument();
    expect(within(dialog).getByText('Must be at most 100')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('Add Product details', () => {
  const facets = (make: string | null) => ({
    total: 3,
    estimated: false,
    category: [],
    make: [
      { value: 'Toyota', count: 2 },
      { value: 'Honda', count: 1 },
    ],
    model:
      make === 'Toyota'
        ? [
            { value: 'Corolla', count: 1 },
            { value: 'Yaris', count: 1 },
          ]
        : [],
    fuel: [],
    transmission: [],
    price: [],
  });
  const facetsApi = {
    'GET /api/products/facets': (call: StubbedCall) =>
      json(facets(new URL(call.url, 'http://x').searchParams.get('make'))),
  };
  const suggestions = (input: HTMLElement) =>
    [
      ...(document.getElementById(input.getAttribute('list') ?? '')?.querySelectorAll('option') ??
        []),
    ].map((option) => option.value);

  it("holds year, mileage and description to the contract's rules", async () => {
    const { calls } = sellerApi([], facetsApi);
    renderApp('/user/products', { as: seller });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Product' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Year\b/), '1850');
    await user.type(within(dialog).getByLabelText(/^Mileage/), '2,500,000');
    await user.click(within(dialog).getByLabelText('Description'));
    await user.paste('x'.repeat(4001));
    await user.click(within(dialog).getByRole('button', { name: 'Add Product' }));
    expect(await within(dialog).findByText('Must be at least 1900')).toBeInTheDocument();
    expect(within(dialog).getByText('Must be at most 2,000,000')).toBeInTheDocument();
    expect(within(dialog).getByText('At most 4000 characters')).toBeInTheDocument();
    for (const label of [/^Year\b/, /^Mileage/, /^Description/]) {
      expect(within(dialog).getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    }
    // A new listing must say its make: left blank, it is required.
    expect(within(dialog).getByLabelText(/^Make/)).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(dialog).getByLabelText(/^Make/), 'Toyota');
    await user.click(within(dialog).getByRole('button', { name: 'Add Product' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Make/)).not.toHaveAttribute('aria-invalid'),
    );

    await user.clear(within(dialog).getByLabelText(/^Year\b/));
    await user.type(within(dialog).getByLabelText(/^Year\b/), '2017.5');
    await user.click(within(dialog).getByRole('button', { name: 'Add Product' }));
    expect(await within(dialog).findByText('Must be a whole number')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('suggests the makes listed and the models of the make typed, and sends the details', async () => {
    const { calls } = sellerApi([], {
      ...facetsApi,
      'POST /api/images': json({ success: true, data: { url: '/images/new.png' } }),
      'POST /api/product': json(
        { acknowledged: true, insertedId: 'car-9', position: '9' },
        { status: 201 },
      ),
    });
    renderApp('/user/products', { as: seller });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Product' }));
    const dialog = await screen.findByRole('dialog');
    const make = within(dialog).getByLabelText(/^Make/);
    const model = within(dialog).getByLabelText(/^Model/);
    await waitFor(() => expect(suggestions(make)).toEqual(['Toyota', 'Honda']));
    expect(suggestions(model)).toEqual([]);
    await user.type(make, 'toyota');
    await waitFor(() => expect(suggestions(model)).toEqual(['Corolla', 'Yaris']));

    await user.clear(within(dialog).getByLabelText(/Car Name/));
    await user.type(within(dialog).getByLabelText(/Car Name/), 'Toyota Corolla');
    await user.selectOptions(within(dialog).getByLabelText(/Category/), 'Sedan');
    await user.upload(
      within(dialog).getByLabelText(/Picture/),
      new File(['png'], 'corolla.png', { type: 'image/png' }),
    );
    await user.type(within(dialog).getByLabelText(/Original Price/), '16000');
    await user.type(within(dialog).getByLabelText(/Sell Price/), '12500');
    await user.type(within(dialog).getByLabelText(/Location/), 'Bremen');
    await user.type(within(dialog).getByLabelText(/Years of Use/), '7');
    await user.type(model, 'Corolla');
    await user.type(within(dialog).getByLabelText(/^Year\b/), '2017');
    await user.type(within(dialog).getByLabelText(/^Mileage/), '85,000');
    await user.selectOptions(within(dialog).getByLabelText('Fuel'), 'Petrol');
    await user.selectOptions(within(dialog).getByLabelText('Gearbox'), 'Automatic');
    await user.type(
      within(dialog).getByLabelText('Description'),
      'One owner.{Enter}Full service history.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Product added Successfully!')).toBeInTheDocument();
    const added = calls.find((c) => c.method === 'POST' && c.url === '/api/product');
    expect(added?.body).toEqual({
      name: 'Toyota Corolla',
      category: 'Sedan',
      image: '/images/new.png',
      original_price: '16000',
      price: '12500',
      location: 'Bremen',
      use: '7',
      make: 'toyota',
      model: 'Corolla',
      year: '2017',
      mileage: '85,000',
      fuel: 'petrol',
      transmission: 'automatic',
      description: 'One owner.\nFull service history.',
      seller_name: seller.name,
      email: seller.email,
    });
  });
});

describe('All Categories', () => {
  const adminApi = (extra: Record<string, unknown>) =>
    stubApi({
      'GET /api/user/admin%40example.com': admin,
      'GET /api/categories': [{ _id: 'c1', name: 'Sedan' }],
      ...extra,
    });

  it('adds a category after validating the name', async () => {
    adminApi({
      'POST /api/category': json({ acknowledged: true, position: '3' }, { status: 201 }),
    });
    renderApp('/user/categories', { as: admin });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Category' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Add Category' }));
    expect(await within(dialog).findByText(REQUIRED)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Category Name/), 'Hatchback');
    await user.click(within(dialog).getByRole('button', { name: 'Add Category' }));
    expect(await screen.findByText('Category Added Successfully!')).toBeInTheDocument();
  });

  it('shows a server field error under the field, and a refusal of the whole form once, in it', async () => {
    let attempt = 0;
    adminApi({
      'POST /api/category': () =>
        ++attempt === 1
          ? problem(400, 'Bad Request', 'The request is invalid.', [
              { field: 'name', message: 'This name is too odd.' },
            ])
          : problem(409, 'Conflict', 'A category named Sedan already exists.'),
    });
    renderApp('/user/categories', { as: admin });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Category' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Category Name/), 'Sedan');
    await user.click(within(dialog).getByRole('button', { name: 'Add Category' }));
    expect(await within(dialog).findByText('This name is too odd.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Add Category' }));
    // In the dialog, announced (role alert), beside its button; said there only.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A category named Sedan already exists.',
    );
    expect(screen.getAllByText('A category named Sedan already exists.')).toHaveLength(1);
  });

  it('a category that still has cars is not deleted, and the user is told why', async () => {
    adminApi({
      'DELETE /api/category/c1': problem(409, 'Conflict', 'The category still has cars.'),
    });
    renderApp('/user/categories', { as: admin });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Sedan' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The category still has cars.')).toBeInTheDocument();
    // The confirmation closes so the toast is not hidden behind it.
    await waitFor(() => expect(dialog).toHaveAttribute('data-state', 'closed'));
  });
});

describe('All Users', () => {
  const buyer = userRecord('Buyer');
  it('filters by role, promotes and deletes', async () => {
    const { calls } = stubApi({
      'GET /api/user/admin%40example.com': admin,
      'GET /api/users': () => json([admin, buyer], { headers: { 'X-Total-Count': '2' } }),
      'PUT /api/user/admin/Buyer-uid': json({ acknowledged: true, position: '5' }),
      'DELETE /api/user/Buyer-uid': json({ acknowledged: true, deletedCount: 1, position: '6' }),
    });
    renderApp('/user/allusers', { as: admin });
    const user = userEvent.setup();
    const row = (await screen.findByText(buyer.email)).closest('tr')!;
    expect(within(row).getByText('Buyer')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Filter by role'), 'Seller');
    await waitFor(() => expect(calls.some((c) => c.url.includes('role=Seller'))).toBe(true));

    await user.click(within(row).getByRole('button', { name: 'Make Admin' }));
    expect(await screen.findByText('Promoted to Admin!')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('User Deleted Successfully!')).toBeInTheDocument();

    // An admin's own row says in words, not in a tooltip a disabled button never shows, why
    // it cannot be deleted.
    const own = screen.getByText(admin.email).closest('tr')!;
    const ownDelete = within(own).getByRole('button', { name: 'Delete' });
    expect(ownDelete).toBeDisabled();
    expect(ownDelete).toHaveAccessibleDescription('You cannot delete yourself');
    expect(within(own).getByText('You cannot delete yourself')).toBeVisible();
  });

  it('has Buyer and Seller buttons with tooltips that show only that role', async () => {
    const { calls } = stubApi({
      'GET /api/user/admin%40example.com': admin,
      'GET /api/users': () => json([admin, buyer], { headers: { 'X-Total-Count': '2' } }),
    });
    renderApp('/user/allusers', { as: admin });
    const user = userEvent.setup();
    await screen.findByText(buyer.email);
    const sellers = screen.getByRole('button', { name: 'Seller', pressed: false });
    await user.hover(sellers);
    expect(await screen.findByText('Show only Sellers')).toBeInTheDocument();
    await user.click(sellers);
    await waitFor(() => expect(calls.some((c) => c.url.includes('role=Seller'))).toBe(true));
    expect(screen.getByRole('button', { name: 'Seller', pressed: true })).toBeInTheDocument();
    expect(screen.getByLabelText('Filter by role')).toHaveValue('Seller');

    const buyers = screen.getByRole('button', { name: 'Buyer', pressed: false });
    await user.hover(buyers);
    expect(await screen.findByText('Show only Buyers')).toBeInTheDocument();
    await user.click(buyers);
    await waitFor(() => expect(calls.some((c) => c.url.includes('role=Buyer'))).toBe(true));
    expect(screen.getByLabelText('Filter by role')).toHaveValue('Buyer');
  });
});
