import type { FirebaseAuth } from '@second-gear/identity';
import type { Reactor } from './reactor.ts';

/**
 * A deleted user's sign-in account goes too. Deleting an account that is already gone
 * succeeds, so handling the event again after a crash is harmless. Until it succeeds, the
 * person cannot act (a deleted user's uid is refused on every request) and cannot sign up
 * again with the email (the sign-in service still holds it): it is retried until it does.
 */
export const identityAccountsReactor = (auth: Pick<FirebaseAuth, 'deleteUser'>): Reactor => ({
  name: 'identity-accounts',
  types: new Set(['UserDeleted']),
  async react(event) {
    if (event.type === 'UserDeleted') await auth.deleteUser(event.data.userId);
  },
});
