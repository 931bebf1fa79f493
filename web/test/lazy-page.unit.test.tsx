// A route's chunk: the page when it arrives, the error screen when it is missing or does not
// arrive within 120 s.
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, lazyPage } from '../src/app/lazy-page.ts';
import { Providers } from '../src/app/providers.tsx';
import { createQueryClient } from '../src/app/query-client.ts';
import { RouteError } from '../src/app/route-error.tsx';
import { fakeAuthService, stubApi } from './harness.tsx';

const Page = () => null;
const never = () => new Promise<never>(() => {});

afterEach(() => {
  vi.useRealTimers();
});

describe('lazy route chunks', () => {
  it('give the page module as the route Component', async () => {
    const route = await lazyPage('home', async () => ({ default: Page }))();
    expect(route.Component).toBe(Page);
  });

  it('fail with "Loading chunk {id} failed." at 120 s, not before', async () => {
    vi.useFakeTimers();
    let settled = false;
    const loading = lazyPage('blog', never)();
    loading
      .catch(() => {})
      .finally(() => {
        settled = true;
      });
    await vi.advanceTimersByTimeAsync(119_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(loading).rejects.toMatchObject({
      message: 'Loading chunk blog failed.',
      type: 'timeout',
    });
  });

  it('leave no time-out behind once the chunk has arrived', async () => {
    vi.useFakeTimers();
    await lazyPage('home', async () => ({ default: Page }))();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('name a missing chunk, and call any other failure an error', async () => {
    const missing = await lazyPage('login', () =>
      Promise.reject(new TypeError('Failed to fetch')),
    )().catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ChunkLoadError);
    expect(missing).toMatchObject({ message: 'Loading chunk login failed.', type: 'missing' });

    const broken = await lazyPage('blog', () => Promise.reject(new Error('boom')))().catch(
      (e: unknown) => e,
    );
    expect(broken).toMatchObject({ message: 'Loading chunk blog failed.', type: 'error' });
  });

  it('show the error screen with a reload button when the chunk times out', async () => {
    stubApi({});
    vi.useFakeTimers();
    const router = createMemoryRouter([
      { path: '/', errorElement: <RouteError />, lazy: lazyPage('blog', never) },
    ]);
    render(
      <Providers
        queryClient={createQueryClient()}
        loadAuthService={async () => fakeAuthService(null)}
      >
        <RouterProvider router={router} />
      </Providers>,
    );
    await act(() => vi.advanceTimersByTimeAsync(119_999));
    expect(screen.queryByText('Loading chunk blog failed.')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('heading', { name: 'Loading chunk blog failed.' })).toBeInTheDocument();
    expect(screen.getByText('The page could not be loaded (time-out).')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
  });
});
