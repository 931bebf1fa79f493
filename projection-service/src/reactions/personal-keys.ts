import type { KeyStore } from '@second-gear/event-store';
import type { Reactor } from './reactor.ts';

/**
 * A deleted user's key is destroyed. The store destroys it as it appends the deletion; this
 * makes sure of it should that process have stopped in between, and tells a key store restored
 * from a backup older than a deletion who was erased since (`npm run projections -- reactor
 * personal-keys --from start`). Destroying a destroyed key changes nothing.
 */
export const personalKeysReactor = (keys: Pick<KeyStore, 'destroy'>): Reactor => ({
  name: 'personal-keys',
  types: new Set(['UserDeleted']),
  async react(event) {
    if (event.type === 'UserDeleted') await keys.destroy([event.data.userId]);
  },
});
