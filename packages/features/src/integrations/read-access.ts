import type { EventStore } from '@second-gear/event-store';
import { bearerToken, looksLikeApiKey, parseApiKey, secretMatches } from '@second-gear/identity';
import { HttpProblem, type ServiceApp } from '@second-gear/service-http';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { sql } from 'kysely';
import type { QueryContext, ReadContext } from '../platform/reads/context.ts';
import { streams } from '../registry/events.ts';
import type { ApiKeyScope } from './events.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key a request was made with; null for every other request. */
    apiKey: { id: string; name: string } | null;
  }
}

/**
 * When each key was last used to read: a small operational table of the query service's own
 * (schema `access`), not a projection. Reads are not events, so they are counted here instead,
 * at most once a minute per key and process; the commands a key makes are events, and the
 * `integrations` projection keeps the latest. A rebuild never touches this schema.
 */
export const ACCESS_SCHEMA = 'access';
const uses = sql.table(`${ACCESS_SCHEMA}.api_key_uses`);

export const migrateAccess = async (db: ReadContext['db']): Promise<void> => {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('second-gear-access'))`.execute(trx);
    await sql.raw(`create schema if not exists ${ACCESS_SCHEMA}`).execute(trx);
    await sql`create table if not exists ${uses} (
        key_id text primary key,
        last_used_at timestamptz not null
      )`.execute(trx);
  });
};

/**
 * The table made once, when first needed (not when the service starts: a service whose
 * database is down must still start, and say it is not ready); tried again after a failure.
 */
const made = new WeakMap<ReadContext['db'], Promise<void>>();
const accessTable = (db: ReadContext['db']): Promise<void> => {
  let ready = made.get(db);
  if (!ready) {
    ready = migrateAccess(db).catch((error: unknown) => {
      made.delete(db);
      throw error;
    });
    made.set(db, ready);
  }
  return ready;
};

/** When each key was last used to read, by id. */
export const lastReadsOf = async (
  db: ReadContext['db'],
  keyIds: readonly string[],
): Promise<Map<string, Date>> => {
  if (keyIds.length === 0) return new Map();
  await accessTable(db);
  const { rows } = await sql<{ key_id: string; last_used_at: Date | string }>`
    select key_id, last_used_at from ${uses} where key_id in (${sql.join(keyIds)})`.execute(db);
  return new Map(rows.map((row) => [row.key_id, new Date(row.last_used_at)]));
};

const RECORD_EVERY_MS = 60_000;

/** Whether the log holds a key's revocation (the read model may not show it yet). */
export const keyRevokedInLog = async (
  store: Pick<EventStore, 'readStream'>,
  keyId: string,
): Promise<boolean> =>
  (await store.readStream(streams.apiKey(keyId))).some((event) => event.type === 'ApiKeyRevoked');

/**
 * The query service's one verifier of API keys: from the read model's `api_keys` table, read
 * on every request (never kept in memory), and from the key's own stream in the event log,
 * read beside it, so a revocation counts from the moment it is appended, before the
 * projection has applied it.
 */
export const apiKeyVerifier = (
  app: ServiceApp,
  { db, schema, store }: ReadContext & Pick<QueryContext, 'store'>,
) => {
  app.decorateRequest('apiKey', null);
  const recorded = new Map<string, number>();

  const recordUse = (keyId: string) => {
    const now = Date.now();
    if (now - (recorded.get(keyId) ?? 0) < RECORD_EVERY_MS) return;
    recorded.set(keyId, now);
    // Not awaited: a read never waits on its bookkeeping; a failure is logged, not answered.
    accessTable(db)
      .then(() =>
        sql`insert into ${uses} (key_id, last_used_at) values (${keyId}, now())
            on conflict (key_id) do update set last_used_at = excluded.last_used_at
            where ${uses}.last_used_at < excluded.last_used_at - interval '1 minute'`.execute(db),
      )
      .catch((error: unknown) => {
        recorded.delete(keyId);
        app.log.warn({ err: error, keyId }, 'key use not recorded');
      });
  };

  /** The live key a token is, with the scope asked for: 401 for no such key, 403 without it. */
  const verify = async (token: string, scope: ApiKeyScope) => {
    const parsed = parseApiKey(token);
    const [key, revoked] = parsed
      ? await Promise.all([
          db
            .withSchema(schema)
            .selectFrom('api_keys')
            .select(['id', 'name', 'scopes', 'secret_hash'])
            .where('id', '=', parsed.keyId)
            .where('revoked_at', 'is', null)
            .executeTakeFirst(),
          keyRevokedInLog(store, parsed.keyId),
        ])
      : [undefined, false];
    if (!parsed || !key || revoked || !secretMatches(parsed.secret, key.secret_hash)) {
      throw HttpProblem.unauthorized('This API key is not valid, or was revoked.');
    }
    if (!key.scopes.includes(scope)) {
      throw HttpProblem.forbidden(`This API key does not have the ${scope} scope.`);
    }
    recordUse(key.id);
    return { id: key.id, name: key.name };
  };

  const withKey = async (request: FastifyRequest, scope: ApiKeyScope): Promise<boolean> => {
    const token = bearerToken(request);
    if (token === undefined || !looksLikeApiKey(token)) return false;
    request.apiKey = await verify(token, scope);
    return true;
  };

  /** preHandler: a service token, or an API key with the scope (401/403 otherwise). */
  const tokenOrApiKey =
    (scope: ApiKeyScope): preHandlerAsyncHookHandler =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      if (await withKey(request, scope)) return;
      return app.authenticate.call(app as never, request, reply);
    };

  /** preHandler: anyone; but a key that is presented must be live and have the scope. */
  const optionalApiKey =
    (scope: ApiKeyScope): preHandlerAsyncHookHandler =>
    async (request) => {
      await withKey(request, scope);
    };

  return { tokenOrApiKey, optionalApiKey };
};

export type ApiKeyVerifier = ReturnType<typeof apiKeyVerifier>;
