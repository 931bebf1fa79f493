import type { PGliteInterface } from '@electric-sql/pglite';
import type { SqlExecutor } from './executor.ts';

/**
 * The part of a PGlite instance the store uses. Structural, so an instance created by another
 * workspace's copy of `@electric-sql/pglite` is accepted too.
 */
export type PGliteLike = Pick<PGliteInterface, 'query' | 'exec' | 'listen' | 'close' | 'closed'>;

/**
 * PGlite is a single connection that queues every query and transaction, so the store shares
 * it politely: each call is one statement, no session state is left behind, and `close` only
 * closes an instance the store opened itself.
 */
export function pgliteExecutor(db: PGliteLike, owned: boolean): SqlExecutor {
  return {
    async query<R>(text: string, params: unknown[]): Promise<R[]> {
      return (await db.query<R>(text, params)).rows;
    },
    async script(text) {
      await db.exec(text);
    },
    async listen(channel, onNotify) {
      const unlisten = await db.listen(channel, () => onNotify());
      return async () => {
        if (!db.closed) await unlisten();
      };
    },
    async close() {
      if (owned && !db.closed) await db.close();
    },
  };
}
