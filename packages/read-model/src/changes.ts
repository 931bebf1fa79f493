import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import pg from 'pg';
import type { ReadModelDb } from './database.ts';

/** The channel a projector notifies when it commits, with the schema it wrote as payload. */
export const READ_MODEL_CHANNEL = 'read_model_changed';

/**
 * Tells listeners, once the transaction commits, that the read model of `schema` changed. A
 * rolled-back transaction notifies nobody, and notifications of one transaction with the same
 * payload are delivered once.
 */
export const notifyReadModelChanged = async (trx: ReadModelDb, schema: string): Promise<void> => {
  await sql`select ${readModelChangedNotice(schema)}`.execute(trx);
};

/** The same notification as an expression, for a statement that does more in the same trip. */
export const readModelChangedNotice = (schema: string) =>
  sql<void>`pg_notify(${READ_MODEL_CHANNEL}, ${schema})`;

/**
 * A schema changed, or, with undefined, anything may have changed: notifications may have been
 * missed (the listening connection was lost and made again).
 */
export type ReadModelChangeListener = (schema: string | undefined) => void;

export interface ReadModelChanges {
  subscribe(listener: ReadModelChangeListener): () => void;
  close(): Promise<void>;
}

const fanOut = () => {
  const listeners = new Set<ReadModelChangeListener>();
  return {
    listeners,
    emit: (schema: string | undefined) => {
      for (const listener of listeners) listener(schema);
    },
    subscribe: (listener: ReadModelChangeListener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
};

/**
 * Listens for the projectors' commits: on PostgreSQL with a connection of its own (made again,
 * with a growing pause, whenever it is lost), on PGlite in the process that holds it.
 */
export const listenToReadModel = async (
  source: { connectionString: string } | { pglite: PGlite },
): Promise<ReadModelChanges> => {
  const { emit, subscribe } = fanOut();
  if ('pglite' in source) {
    const unlisten = await source.pglite.listen(READ_MODEL_CHANNEL, (payload) => emit(payload));
    return { subscribe, close: () => unlisten() };
  }

  let client: pg.Client | undefined;
  let closed = false;
  let pause = 100;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: source.connectionString, keepAlive: true });
    next.on('notification', (message) => {
      if (message.channel === READ_MODEL_CHANNEL) emit(message.payload);
    });
    const lost = () => {
      if (client !== next || closed) return;
      client = undefined;
      next.end().catch(() => {});
      emit(undefined);
      setTimeout(() => void reconnect(), pause).unref();
      pause = Math.min(pause * 2, 1000);
    };
    next.on('error', lost);
    next.on('end', lost);
    await next.connect();
    await next.query(`listen ${READ_MODEL_CHANNEL}`);
    client = next;
    pause = 100;
  };
  const reconnect = async () => {
    if (closed) return;
    try {
      await connect();
      // Whatever was committed while no one listened has been missed.
      emit(undefined);
    } catch {
      setTimeout(() => void reconnect(), pause).unref();
      pause = Math.min(pause * 2, 1000);
    }
  };
  await connect();
  return {
    subscribe,
    close: async () => {
      closed = true;
      const last = client;
      client = undefined;
      await last?.end();
    },
  };
};
