// The toaster's settings from spec section 9.
import { act, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
import { Providers, TOAST_DURATIONS } from '../src/app/providers.tsx';
import { createQueryClient } from '../src/app/query-client.ts';
import { fakeAuthService, stubApi } from './harness.tsx';

describe('toasts', () => {
  it('last 2000 ms on success and 4000 ms on error or blank', () => {
    expect(TOAST_DURATIONS).toEqual({ success: 2000, error: 4000, blank: 4000 });
  });

  it('show at most 20 at once', async () => {
    stubApi({});
    render(
      <Providers
        queryClient={createQueryClient()}
        loadAuthService={async () => fakeAuthService(null)}
      >
        <p>app</p>
      </Providers>,
    );
    act(() => {
      for (let i = 1; i <= 25; i++) toast.error(`Failure ${i}`);
    });
    expect(await screen.findByText('Failure 25')).toBeInTheDocument();
    expect(screen.getAllByText(/^Failure \d+$/)).toHaveLength(20);
    act(() => toast.remove());
  });
});
