// On a first visit the layout paints at once; the page's own chunk follows with a loader.
import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { renderApp, stubApi } from './harness.tsx';

it('shows the top bar while the Home chunk is still loading', async () => {
  stubApi({ 'GET /api/products/advertise': [], 'GET /api/categories': [] });
  renderApp('/');
  expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  expect(await screen.findByText('Total Seller')).toBeInTheDocument();
});
