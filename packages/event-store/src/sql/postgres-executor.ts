import type { Pool, PoolClient } from 'pg';
import type { SqlExecutor } from './executor.ts';

/**
 * `pg` through a pool. Queries take any pooled connection for one statement; a subscription
 * keeps one connection checked out for LISTEN and re-opens it after an error, waking the
 * subscribers so they look for anything they missed meanwhile.
 */
export function postgresExecutor(
  pool: Pool,
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
      let client: PoolClient | undefined;
      let retry: ReturnType<typeof setTimeout> | undefined;

      const connect = async (): Promise<void> => {
        const next = await pool.connect();
        next.on('notification', (message) => {
          if (message.channel === channel) onNotify();
        });
        next.on('error', () => {
          if (client !== next) return;
          client = undefined;
          next.release(true);
          scheduleReconnect();
        });
        try {
          await next.query(`listen ${channel}`);
        } catch (error) {
          next.release(true);
          throw error;
        }
        if (stopped) {
          next.release();
          return;
        }
        client = next;
      };

      const scheduleReconnect = (): void => {
        if (stopped) return;
        retry = setTimeout(() => {
          connect().then(onNotify, scheduleReconnect);
        }, reconnectDelayMs);
      };

      await connect();
      return async () => {
        stopped = true;
        clearTimeout(retry);
        const current = client;
        client = undefined;
        if (!current) return;
        try {
          await current.query(`unlisten ${channel}`);
          current.release();
        } catch {
          current.release(true);
        }
      };
    },
    async close() {
      if (owned) await pool.end();
    },
  };
}
