// Guards over the real routes; the network is stubbed at fetch (see harness.tsx).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SESSION_KEY } from '../src/auth/auth-context.tsx';
import { fakeAuthService, renderApp, stubApi, userRecord } from './harness.tsx';

const home = {
  'GET /api/products/advertise': [],
  'GET /api/categories': [],
};

describe('login guard', () => {
  it('shows a loader while a stored sign-in is restored', async () => {
    stubApi(home);
    localStorage.setItem(SESSION_KEY, '1');
    renderApp('/user', { auth: fakeAuthService('pending') });
    expect(await screen.findByText('Checking your sign-in')).toBeInTheDocument();
  });

  it('sends a visitor to /login and back to the page they wanted after signing in', async () => {
    const buyer = userRecord('Buyer', { email: 'buyer@example.com' });
    stubApi({
      ...home,
      'GET /api/jwt': { accessToken: 'x.eyJlbWFpbCI6ImJ1eWVyQGV4YW1wbGUuY29tIn0.y' },
      'GET /api/user/buyer%40example.com': buyer,
    });
    const { router } = renderApp('/user/orders');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Email/), 'buyer@example.com');
    await user.type(screen.getByLabelText(/Password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/user/orders'));
    expect(await screen.findByText('User Login Successfully')).toBeInTheDocument();
    expect(localStorage.getItem('access-token')).toContain(
      'eyJlbWFpbCI6ImJ1eWVyQGV4YW1wbGUuY29tIn0',
    );
  });

  it('keeps the category page behind sign-in', async () => {
    stubApi(home);
    const { router } = renderApp('/category/SUV');
    await screen.findByRole('heading', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/login');
    expect((router.state.location.state as { from: { pathname: string } }).from.pathname).toBe(
      '/category/SUV',
    );
  });
});

describe('admin guard', () => {
  it('sends a non-admin to / and replaces the history entry', async () => {
    const seller = userRecord('Seller');
    stubApi({ ...home, 'GET /api/user/seller%40example.com': seller });
    const { router } = renderApp('/user/allusers', { as: seller });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(
      await screen.findByText(
        'Buy car in fair price from the product; you can also sell your old car here.',
      ),
    ).toBeInTheDocument();
  });

  it('lets an admin in', async () => {
    const admin = userRecord('Admin');
    stubApi({
      ...home,
      'GET /api/user/admin%40example.com': admin,
      'GET /api/users': () =>
        new Response(JSON.stringify([admin, userRecord('Buyer')]), {
          headers: { 'X-Total-Count': '2' },
        }),
    });
    renderApp('/user/allusers', { as: admin });
    expect(await screen.findByRole('heading', { name: 'All Users' })).toBeInTheDocument();
    expect(await screen.findByText('buyer@example.com')).toBeInTheDocument();
  });
});
