// The dashboard drawer's links per role, rendered through the real routes (fetch stubbed).
import type { ReadRole } from '@second-gear/features/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { system } from '../src/app/theme.ts';
import { currentLinkStyle } from '../src/layouts/dashboard-nav.tsx';
import { renderApp, stubApi, userRecord } from './harness.tsx';

/** WCAG contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

// Every role's own links, then what every member keeps and hears.
const member = ['Favourites', 'Saved searches', 'Messages', 'Notifications', 'Profile'];
const expected: Record<ReadRole, string[]> = {
  Buyer: ['Dashboard', 'My Orders', ...member],
  Seller: ['Dashboard', 'My Products', 'My Bookings', ...member],
  Admin: [
    'Dashboard',
    'All Categories',
    'All users',
    'Reports',
    'Audit Log',
    'Operations',
    'API keys',
    'Webhooks',
    ...member,
  ],
};

describe('dashboard drawer', () => {
  for (const role of ['Buyer', 'Seller', 'Admin'] as const) {
    it(`shows the ${role}'s links, avatar, name and role badge`, async () => {
      const record = userRecord(role);
      stubApi({
        [`GET /api/user/${encodeURIComponent(record.email)}`]: record,
        'GET /api/bookings': [],
      });
      renderApp('/user', { as: record });

      // The side drawer (large screens) holds the dashboard navigation.
      const aside = await screen.findByRole('complementary');
      const nav = await within(aside).findByRole('navigation', { name: 'Dashboard' });
      await within(nav).findByRole('link', { name: expected[role].at(-1) });
      const links = within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent);
      expect(links).toEqual(expected[role]);
      expect(within(aside).getByText(record.name)).toBeInTheDocument();
      expect(within(aside).getByText(role)).toBeInTheDocument();
    });
  }

  it("keeps the current link's text readable under the mouse, in both colour modes", () => {
    const hover = currentLinkStyle._hover;
    // A palette shade, not a mode-dependent token: the pair is the same in light and dark mode.
    const bg = system.token(`colors.${hover.bg}`);
    const fg = system.token(`colors.${hover.color}`);
    expect(bg).toMatch(/^#[0-9a-f]{6}$/i);
    expect(contrast(fg, bg)).toBeGreaterThanOrEqual(4.5);
  });

  it('dashboard home shows the phone, not the email, on the Phone line', async () => {
    const buyer = userRecord('Buyer', { phone: '+1 555 0100' });
    stubApi({ 'GET /api/user/buyer%40example.com': buyer });
    renderApp('/user', { as: buyer });
    const phone = await screen.findByText('Phone:');
    await waitFor(() => expect(phone.parentElement).toHaveTextContent('Phone: +1 555 0100'));
    expect(screen.getByRole('button', { name: 'Apply for Seller' })).toBeInTheDocument();
  });
});

describe('public top bar', () => {
  it('shows Home, Cars, Blog and Login when signed out', async () => {
    stubApi({ 'GET /api/products/advertise': [], 'GET /api/categories': [] });
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Home', 'Cars', 'Blog']);
    expect(await screen.findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText(new RegExp(`${new Date().getFullYear()}`))).toBeInTheDocument();
    for (const label of ['Facebook', 'Twitter', 'LinkedIn']) {
      expect(within(footer).getByRole('link', { name: label })).toHaveAttribute('href', '/');
    }
    await waitFor(() => expect(document.title).toBe('Home | Second Gear'));
  });

  it('shows the avatar menu with Profile and Logout when signed in', async () => {
    const buyer = userRecord('Buyer');
    stubApi({
      'GET /api/products/advertise': [],
      'GET /api/categories': [],
      'GET /api/user/buyer%40example.com': buyer,
    });
    renderApp('/', { as: buyer });
    const trigger = await screen.findByRole('button', { name: /Account menu/ });
    trigger.focus();
    const { default: userEvent } = await import('@testing-library/user-event');
    await userEvent.setup().keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
  });
});
