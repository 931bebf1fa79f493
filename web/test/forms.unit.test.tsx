// Forms and their validation messages, over the real routes; the network is stubbed at fetch.

import type { CarRecord } from '@second-gear/features/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuthService, json, renderApp, stubApi, userRecord } from './harness.tsx';

const REQUIRED = 'This field is required';

const car: CarRecord = {
  _id: 'car-1',
  name: 'Toyota Corolla 2015',
  seller_name: 'Seller Person',
  email: 'seller@example.com',
  category: 'Sedan',
  image: '/images/corolla.png',
  original_price: 15000,
  price: 9000,
  location: 'Dhaka',
  use: 8,
  booked: 0,
  advertise: 0,
  sold: 0,
  seller_id: 'seller-1',
  seller_rating: { average: null, count: 0 },
  listed_at: '2026-11-01T10:00:00.000Z',
  expires_at: '2026-12-31T10:00:00.000Z',
  images: ['/images/corolla.png'],
};

describe('login form', () => {
  it('shows "This field is required" under each empty field', async () => {
    stubApi({});
    renderApp('/login');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findAllByText(REQUIRED)).toHaveLength(2);
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Password/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByRole('button', { name: /Continue with Google/ })).toBeInTheDocument();
  });

  it('Forgot password sends a reset email to the typed address', async () => {
    stubApi({});
    const sendPasswordReset = vi.fn(async () => {});
    renderApp('/login', { auth: fakeAuthService(null, { sendPasswordReset }) });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email/), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await waitFor(() => expect(sendPasswordReset).toHaveBeenCalledWith('someone@example.com'));
    expect(await screen.findByText(/Password reset email sent/)).toBeInTheDocument();
  });

  it('shows a failed sign-in in the form, announced, and as an error toast', async () => {
    stubApi({});
    const signIn = vi.fn(async () => {
      throw Object.assign(new Error('firebase'), { code: 'auth/invalid-credential' });
    });
    renderApp('/login', { auth: fakeAuthService(null, { signIn }) });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email/), 'a@example.com');
    await user.type(screen.getByLabelText(/Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const form = screen.getByRole('button', { name: 'Login' }).closest('form') as HTMLElement;
    expect(await within(form).findByRole('alert')).toHaveTextContent('Wrong email or password.');
    expect(await screen.findByRole('status')).toHaveTextContent('Wrong email or password.');
  });
});

describe('register form', () => {
  it('shows "This field is required" under name, email and password', async () => {
    stubApi({});
    renderApp('/register');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign Up' }));
    expect(await screen.findAllByText(REQUIRED)).toHaveLength(3);
  });

  it('registers a Seller when the checkbox is ticked, then fetches the service token', async () => {
    const { calls } = stubApi({
      'POST /api/user': json({ acknowledged: true }, { status: 201 }),
      'GET /api/jwt': { accessToken: 'x.eyJlbWFpbCI6Im5ld0BleGFtcGxlLmNvbSJ9.y' },
      'GET /api/products/advertise': [],
      'GET /api/categories': [],
      'GET /api/user/new%40example.com': userRecord('Seller', { email: 'new@example.com' }),
    });
    const { router } = renderApp('/register');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Name/), 'New Seller');
    await user.type(screen.getByLabelText(/Email/), 'new@example.com');
    await user.type(screen.getByLabelText(/Password/), 'secret1');
    await user.click(screen.getByRole('checkbox', { name: 'Sign up as a Seller' }));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('User Created Successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const registration = calls.find((c) => c.method === 'POST' && c.url === '/api/user');
    expect(registration?.body).toEqual({
      name: 'New Seller',
      email: 'new@example.com',
      type: 'Seller',
    });
    expect(registration?.headers.get('Authorization')).toBe('Bearer firebase-id-token');
    expect(localStorage.getItem('access-token')).toBe('x.eyJlbWFpbCI6Im5ld0BleGFtcGxlLmNvbSJ9.y');
  });
});

describe('car detail and booking', () => {
  it('shows every field with the $ prefix and "years"', async () => {
    stubApi({ 'GET /api/product/car-1': car });
    renderApp('/car/car-1');
    expect(await screen.findByRole('heading', { name: car.name })).toBeInTheDocument();
    expect(screen.getByText('$15,000')).toBeInTheDocument();
    expect(screen.getByText('$9,000')).toBeInTheDocument();
    expect(screen.getByText('Save $6,000')).toBeInTheDocument();
    expect(screen.getByText('8 years')).toBeInTheDocument();
    expect(screen.getByText('Seller Person')).toBeInTheDocument();
    expect(screen.getByText('Dhaka')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See Others Cars' })).toHaveAttribute(
      'href',
      '/products',
    );
  });

  it('reads one year of use as "1 year", and shows no saving at the original price', async () => {
    stubApi({ 'GET /api/product/car-1': { ...car, use: 1, price: car.original_price } });
    renderApp('/car/car-1');
    expect(await screen.findByRole('heading', { name: car.name })).toBeInTheDocument();
    expect(screen.getByText('1 year')).toBeInTheDocument();
    expect(screen.queryByText(/years/)).not.toBeInTheDocument();
    expect(screen.queryByText(/^Save /)).not.toBeInTheDocument();
  });

  it('shows the details a car gives, the description with its line breaks', async () => {
    stubApi({
      'GET /api/product/car-1': {
        ...car,
        make: 'Toyota',
        model: 'Corolla',
        year: 2015,
        mileage: 123456,
        fuel: 'hybrid',
        transmission: 'automatic',
        description: 'One owner.\nFull service history.',
      },
    });
    renderApp('/car/car-1');
    // The specs grid: each label a term, its value the description after it.
    const spec = async (label: string) =>
      (await screen.findByText(label, { selector: 'dt' })).nextElementSibling;
    expect(await spec('Make')).toHaveTextContent('Toyota');
    expect(await spec('Model')).toHaveTextContent('Corolla');
    expect(await spec('Year')).toHaveTextContent('2015');
    expect(await spec('Mileage')).toHaveTextContent('123,456 km');
    expect(await spec('Fuel')).toHaveTextContent('Hybrid');
    expect(await spec('Gearbox')).toHaveTextContent('Automatic');
    expect(await spec('Location')).toHaveTextContent('Dhaka');
    expect(await spec('Years of Use')).toHaveTextContent('8 years');
    const description = screen.getByRole('region', { name: 'Description' });
    const text = within(description).getByText(/One owner/);
    expect(text.textContent).toBe('One owner.\nFull service history.');
    expect(text).toHaveStyle({ whiteSpace: 'pre-wrap' });
  });

  it('leaves out the details a car does not give', async () => {
    stubApi({ 'GET /api/product/car-1': car });
    renderApp('/car/car-1');
    expect(await screen.findByText('8 years')).toBeInTheDocument();
    for (const label of ['Make', 'Model', 'Year', 'Mileage', 'Fuel', 'Gearbox']) {
      expect(screen.queryByText(label, { selector: 'dt' })).not.toBeInTheDocument();
    }
    expect(screen.getByText('Location', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Description' })).not.toBeInTheDocument();
  });

  it('asks a visitor to log in first', async () => {
    stubApi({ 'GET /api/product/car-1': car });
    renderApp('/car/car-1');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Book Now' }));
    expect(await screen.findByText('Login First')).toBeInTheDocument();
  });

  it('shows "Already Booked" for a booked car and no form', async () => {
    stubApi({ 'GET /api/product/car-1': { ...car, booked: 1 } });
    renderApp('/car/car-1');
    expect(await screen.findByRole('button', { name: 'Already Booked' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
  });

  it('refuses a phone the contract refuses (6 to 15 digits) and books nothing', async () => {
    const buyer = userRecord('Buyer');
    const { calls } = stubApi({
      'GET /api/product/car-1': car,
      'GET /api/user/buyer%40example.com': buyer,
    });
    renderApp('/car/car-1', { as: buyer });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Book Now' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Phone/), '12345');
    await user.type(within(dialog).getByLabelText(/Meetup Location/), 'Gulshan 1');
    await user.click(within(dialog).getByRole('button', { name: 'Book Now' }));
    expect(await within(dialog).findByText('Must be a phone number')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Phone/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('validates phone and meetup, books with the token, then reads at the new position', async () => {
    const buyer = userRecord('Buyer');
    let booked = 0;
    const own = {
      _id: 'b1',
      buyer: buyer.name,
      seller: car.seller_name,
      buyer_email: buyer.email,
      seller_email: car.email,
      product_id: car._id,
      product_name: car.name,
      price: car.price,
      buyer_phone: '01700000000',
      meetup: 'Gulshan 1',
      booked_at: '2026-11-20T10:00:00.000Z',
      status: 'requested',
      seller_id: car.seller_id,
      reviewed: false,
    };
    const { calls } = stubApi({
      'GET /api/product/car-1': () => json({ ...car, booked }),
      'GET /api/user/buyer%40example.com': buyer,
      'GET /api/bookings': () => json(booked ? [own] : []),
      'POST /api/booking': () => {
        booked = 1;
        return json(
          { acknowledged: true, insertedId: 'b1', position: '41' },
          { status: 201, headers: { 'X-Event-Position': '42' } },
        );
      },
    });
    renderApp('/car/car-1', { as: buyer });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Book Now' }));
    const dialog = await screen.findByRole('dialog');
    // The meetup starts at the car's place; cleared, both fields are required.
    const meetup = within(dialog).getByLabelText(/Meetup Location/);
    expect(meetup).toHaveValue('Dhaka');
    await user.clear(meetup);
    await user.click(within(dialog).getByRole('button', { name: 'Book Now' }));
    expect(await within(dialog).findAllByText(REQUIRED)).toHaveLength(2);

    await user.type(within(dialog).getByLabelText(/Phone/), '01700000000');
    await user.type(meetup, 'Gulshan 1');
    await user.click(within(dialog).getByRole('button', { name: 'Book Now' }));
    expect(await screen.findByText('Booking Successful!')).toBeInTheDocument();
    // The buyer sees their own request, not the "Already Booked" of everyone else.
    expect(await screen.findByRole('button', { name: 'Booking requested' })).toBeDisabled();
    expect(screen.getByText('You asked to book this car').parentElement).toHaveTextContent(
      'waiting for Seller Person to accept or decline',
    );
    expect(screen.queryByRole('button', { name: 'Already Booked' })).not.toBeInTheDocument();
    const ofCar = calls.filter((c) => c.url.startsWith('/api/bookings?')).at(-1);
    expect(ofCar?.url).toContain('product_id=car-1');

    const post = calls.find((c) => c.method === 'POST');
    expect(post?.headers.get('Authorization')).toMatch(/^bearer /);
    expect(post?.body).toMatchObject({
      buyer: buyer.name,
      buyer_email: buyer.email,
      seller_email: car.email,
      product_id: car._id,
      buyer_phone: '01700000000',
      meetup: 'Gulshan 1',
    });
    const reread = calls.filter((c) => c.url === '/api/product/car-1').at(-1);
    expect(reread?.headers.get('X-Min-Position')).toBe('42');
  });
});
