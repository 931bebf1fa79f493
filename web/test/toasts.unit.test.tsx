// Toasts as the user sees them, through the app's notify helpers and its Toaster: what a failed
// request says, how long each kind stays, and how many show at once.
import { act, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addCategory } from '../src/api/endpoints.ts';
import { Providers } from '../src/app/providers.tsx';
import { createQueryClient } from '../src/app/query-client.ts';
import { notifyError, notifyInfo, notifySuccess } from '../src/components/notify.ts';
import { HEADER_HEIGHT_REM } from '../src/layouts/header-height.ts';
import { fakeAuthService, problem, stubApi } from './harness.tsx';

function renderApp() {
  render(
    <Providers
      queryClient={createQueryClient()}
      loadAuthService={async () => fakeAuthService(null)}
    >
      <p>app</p>
    </Providers>,
  );
}

const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

/**
 * Whether `text` is on the page until `duration` ms have passed and gone after: react-hot-toast
 * dismisses a toast when its time is up and takes it off the page 1000 ms later.
 */
function expectShownFor(text: string, duration: number) {
  wait(duration - 1);
  expect(screen.getByText(text)).toBeInTheDocument();
  wait(1);
  wait(1000);
  expect(screen.queryByText(text)).not.toBeInTheDocument();
}

afterEach(() => {
  act(() => toast.remove());
  vi.useRealTimers();
});

describe('toasts', () => {
  it("show a failed request's problem detail for 4000 ms", async () => {
    stubApi({
      'POST /api/category': problem(409, 'Conflict', 'A category with this name exists.'),
    });
    const error = await addCategory('Sedan').catch((e: unknown) => e);
    vi.useFakeTimers();
    renderApp();
    act(() => {
      notifyError(error);
    });
    expect(screen.getByText('A category with this name exists.')).toBeInTheDocument();
    expect(screen.queryByText('Conflict')).not.toBeInTheDocument();
    expectShownFor('A category with this name exists.', 4000);
  });

  for (const [kind, notify, duration] of [
    ['a success message', notifySuccess, 2000],
    ['an info message', notifyInfo, 4000],
  ] as const) {
    it(`show ${kind} for ${duration} ms`, () => {
      vi.useFakeTimers();
      renderApp();
      act(() => {
        notify('Done it');
      });
      expectShownFor('Done it', duration);
    });
  }

  it('come in under the top bar, never over its bell or menu', () => {
    renderApp();
    act(() => {
      notifyInfo('A new car matches your search');
    });
    const toaster = document.querySelector<HTMLElement>('[data-rht-toaster]');
    expect(toaster?.style.top).toBe(`${HEADER_HEIGHT_REM + 0.5}rem`);
    expect(screen.getByText('A new car matches your search')).toBeInTheDocument();
  });

  it('show at most 20 at once, the newest ones', async () => {
    renderApp();
    act(() => {
      for (let i = 1; i <= 25; i++) notifyError(new Error(`Failure ${i}`));
    });
    expect(await screen.findByText('Failure 25')).toBeInTheDocument();
    expect(screen.getAllByText(/^Failure \d+$/)).toHaveLength(20);
    expect(screen.queryByText('Failure 5')).not.toBeInTheDocument();
  });
});
