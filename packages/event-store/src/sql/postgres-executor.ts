import pg from 'pg';
import type { SqlExecutor } from './executor.ts';

/**
 * `pg` through a pool. Each query takes a pooled connection for one statement. Listening needs a
 * session that stays open, so it gets a client of its own, built from the pool's settings and
 * outside the pool (a long-lived LISTEN must never starve the pool's queries). When that client
 * fails it is replaced after a delay and the subscribers are woken to look for what they missed.
 */
export function postgresExecutor(
  pool: pg.Pool,
  owned: boolean,
  options: { reconnectDelayMs?: number } = {},
): SqlExecutor {
  const reconnectDelayMs = options.reconnectDelayMs ?? 1000;
  return {
    async query<R>(text: string, params: unknown[]): Promise<R[]> {
      return (await pool.query(text, params)).rows as R[];
    },
    async script(text) {
      await pool.query(text);
    },
    async listen(channel, onNotify) {
      let stopped = false;
      let client: pg.Client | undefined;
      let retry: ReturnType<typeof setTimeout> | undefined;

      const scheduleReconnect = (): void => {
        if (stopped || retry) return;
        retry = setTimeout(() => {
          retry = undefined;
          connect().then(onNotify, scheduleReconnect);
        }, reconnectDelayMs);
      };

      const connect = async (): Promise<void> => {
        const next = new pg.Client(pool.options);
        const lost = () => {
          if (client !== next) return;
          client = undefined;
          next.end().catch(() => {});
          scheduleReconnect();
        };
        next.on('error', lost);
        next.on('end', lost);
        next.on('notification', (message) => {
          if (message.channel === channel) onNotify();
        });
        try {
          await next.connect();
          await next.query(`listen ${channel}`);
        } catch (error) {
          await next.end().catch(() => {});
          throw error;
        }
        if (stopped) {
          await next.end().catch(() => {});
          return;
        }
        client = next;
      };

      // Without a listening connection subscribers still poll, so a failure here only delays
      // them until a retry succeeds; it does not stop them.
      await connect().catch(scheduleReconnect);
      return async () => {
        stopped = true;
        clearTimeout(retry);
        const current = client;
        client = undefined;
        await current?.end().catch(() => {});
      };
    },
    async close() {
      if (owned) await pool.end();
    },
  };
}
