// The dialogs that need an account, while the viewer's sign-in is still being settled.
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Providers } from '../src/app/providers.tsx';
import { createQueryClient } from '../src/app/query-client.ts';
import { SESSION_KEY } from '../src/auth/auth-context.tsx';
import { SignedInDialog } from '../src/components/sign-in-first.tsx';
import { fakeAuthService } from './harness.tsx';

const dialogIn = (auth: ReturnType<typeof fakeAuthService>) => {
  const router = createMemoryRouter(
    [
      {
        path: '/car/:id',
        element: (
          <SignedInDialog
            title="Book it"
            signInReason="Sign in to book."
            returnHash="#book"
            open
            onClose={() => {}}
          >
            <p>The form</p>
          </SignedInDialog>
        ),
      },
    ],
    { initialEntries: ['/car/car-1'] },
  );
  render(
    <Providers queryClient={createQueryClient()} loadAuthService={async () => auth}>
      <RouterProvider router={router} />
    </Providers>,
  );
};

describe('a dialog that needs an account', () => {
  it('says the sign-in is being checked while a stored session is restored, never "Login First"', async () => {
    localStorage.setItem(SESSION_KEY, '1');
    dialogIn(fakeAuthService('pending'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Checking your sign-in');
    expect(within(dialog).queryByText('Login First')).not.toBeInTheDocument();
  });

  it('asks a visitor to log in, and shows them nothing of its content', async () => {
    dialogIn(fakeAuthService(null));
    expect(await screen.findByText('Login First')).toBeInTheDocument();
    expect(screen.queryByText('The form')).not.toBeInTheDocument();
  });
});
