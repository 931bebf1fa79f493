import { existsSync } from 'node:fs';
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { reportFailure, StartupError } from '@second-gear/config';
import { type EventStore, eventStoreConfig } from '@second-gear/event-store';
import { openMarketplaceStore } from '@second-gear/features';
import {
  createReadModelDb,
  openPGlite,
  REBUILD_ADVICE,
  type ReadModelDb,
  readModelStatus,
  readReactorStates,
} from '@second-gear/read-model';
import { type CliEnv, CliEnvError, parseCliEnv } from './cli-env.ts';
import { listParked, retryParked, skipParked } from './parked.ts';
import { progressReporter } from './progress-bar.ts';
import { setReactorCheckpoint } from './reactions/reactor.ts';
import { rebuildReadModel } from './rebuild.ts';

const usage = `Usage: npm run projections -- <command>

Commands:
  status              each projection's checkpoint and its lag behind the event store
  rebuild [--fresh]   replay every event into fresh tables, then switch readers to them;
                      continues an interrupted rebuild unless --fresh is given
  parked [--all]      the events a projection could not apply, with their errors
                      (--all: also those already retried or skipped, and by whom)
  retry <projection> <position> [--by <name>]
                      apply a parked event after all, once its cause is mended
  skip <projection> <position> [--by <name>]
                      leave a parked event out for good
                      (--by: who decides, recorded with it; default: this system user)
  reactor <name> --from <position>|head|start
                      set a reactor's checkpoint in this store, after it refused another
                      store's: it goes on after that event (start: every event again,
                      head: only events to come)

Environment:
  DATABASE_URL           the read model's PostgreSQL (postgres://...), or
  PGLITE_DIR             the embedded database directory (the all-in-one app must be stopped)
  EVENT_STORE            pglite | postgres | kurrentdb (default: pglite with PGLITE_DIR, else postgres)
  EVENT_STORE_URL        the event store's URL (postgres or kurrentdb)
  KEY_STORE_URL          the PostgreSQL of the personal keys (default: the event store's database;
                         required with kurrentdb)
  PROJECTION_BATCH_SIZE  events per transaction during a rebuild (default 1000)
`;

/** Where a command reads its settings and writes its answers: the process's own, or a test's. */
export interface CliIo {
  env: Record<string, string | undefined>;
  stdout: NodeJS.WritableStream;
  /** Errors and the rebuild's progress (a bar on a terminal, plain lines elsewhere). */
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
}

interface Opened {
  store: EventStore;
  db: ReadModelDb;
  close: () => Promise<void>;
}

const open = async (env: CliEnv): Promise<Opened> => {
  if (env.pgliteDir && !existsSync(env.pgliteDir)) {
    // Opening it would create an empty database and report on nothing.
    throw new StartupError(
      `PGLITE_DIR: there is no embedded database at ${env.pgliteDir}; start the all-in-one once (npm start) or check the path.`,
    );
  }
  const pglite = env.pgliteDir ? await openPGlite(env.pgliteDir) : undefined;
  const db = env.readModelUrl
    ? createReadModelDb({ connectionString: env.readModelUrl })
    : createReadModelDb({ pglite: pglite! });
  const store = await openMarketplaceStore(
    env.eventStore === 'pglite'
      ? { kind: 'pglite', db: pglite! }
      : eventStoreConfig(env.eventStore, env.eventStoreUrl),
    { keyStoreUrl: env.keyStoreUrl },
  );
  return {
    store,
    db,
    close: async () => {
      await store.close();
      await db.destroy();
      await pglite?.close();
    },
  };
};

const formatPosition = (position: bigint | undefined) =>
  position === undefined ? '-' : String(position);

const status = async ({ store, db }: Opened, out: NodeJS.WritableStream) => {
  const report = await readModelStatus(store, db);
  out.write(`event store head: ${formatPosition(report.head)}\n`);
  if (report.projections.length === 0) {
    out.write('no projections yet: the read model has not been created\n');
  }
  const rows = report.projections.map((p) => [
    p.name,
    formatPosition(p.position),
    `${p.eventsBehind}${p.eventsBehindCapped ? '+' : ''}`,
    formatPosition(p.lagPositions),
    String(p.eventsApplied),
    String(p.parked),
    p.updatedAt.toISOString(),
  ]);
  const header = [
    'projection',
    'checkpoint',
    'events behind',
    'position lag',
    'applied',
    'parked',
    'updated',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  for (const row of [header, ...rows]) {
    out.write(`${row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ')}\n`);
  }
  if (report.pendingMigrations.length > 0) {
    out.write(
      `migrations not yet applied: ${report.pendingMigrations.join(', ')} (the projection service applies them when it starts)\n`,
    );
  }
  const refused = report.projections.filter((p) => p.refused !== undefined);
  for (const p of refused) out.write(`${p.name} will not go on: ${p.refused}\n`);
  if (refused.length > 0) out.write(`To go on, ${REBUILD_ADVICE}\n`);
  const parked = report.projections.reduce((sum, p) => sum + p.parked, 0);
  if (parked > 0) {
    out.write(
      `${parked} parked event(s): a projection could not apply them; see npm run projections -- parked\n`,
    );
  }
  for (const reactor of await readReactorStates(db)) {
    if (!reactor.refused) continue;
    out.write(
      `reactor ${reactor.name} will not go on: ${reactor.refused}\nTo go on, set its checkpoint in this store: npm run projections -- reactor ${reactor.name} --from <position>|head|start\n`,
    );
  }
  if (report.unfinishedRebuild) {
    out.write('an interrupted rebuild can be continued with: npm run projections -- rebuild\n');
  }
};

const rebuild = async ({ store, db }: Opened, env: CliEnv, fresh: boolean, io: CliIo) => {
  const bar = progressReporter(io.stderr);
  // Ctrl-C stops the rebuild between batches; the next run continues it.
  const controller = new AbortController();
  const interrupt = () => controller.abort();
  process.once('SIGINT', interrupt);
  try {
    const result = await rebuildReadModel({
      store,
      db,
      fresh,
      batchSize: env.batchSize,
      signal: controller.signal,
      onProgress: (p) => bar.update(p),
    });
    bar.done();
    io.stdout.write(
      `rebuilt ${result.applied} events${result.resumed ? ' (continued an interrupted rebuild)' : ''} ` +
        `in ${(result.elapsedMs / 1000).toFixed(1)} s, ${Math.round(result.eventsPerSecond)} events/s; ` +
        `readers now use the new tables at position ${formatPosition(result.position)}\n`,
    );
    if (result.parked > 0) {
      io.stdout.write(
        `${result.parked} event(s) could not be applied and are parked; see npm run projections -- parked\n`,
      );
    }
  } catch (error) {
    bar.done();
    throw error;
  } finally {
    process.off('SIGINT', interrupt);
  }
};

const parked = async ({ db }: Opened, all: boolean, out: NodeJS.WritableStream) => {
  const list = await listParked(db, { all });
  if (list.length === 0) {
    out.write(all ? 'no event was ever parked\n' : 'no parked events\n');
    return;
  }
  for (const p of list) {
    const state =
      p.resolution === null
        ? `parked since ${p.parkedAt.toISOString()}, ${p.attempts} attempt(s)`
        : `${p.resolution} by ${p.resolvedBy ?? '?'} at ${p.resolvedAt?.toISOString() ?? '?'}`;
    out.write(
      `${p.projection} ${p.position} ${p.type} in ${p.streamId} (event ${p.eventId}): ${state}\n  ${p.error}\n`,
    );
  }
};

/** `<projection> <position> [--by <name>]` of retry and skip. */
const target = (args: string[]) => {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { by: { type: 'string' } },
  });
  const [projection, position] = positionals;
  if (projection === undefined || position === undefined || !/^\d+$/.test(position)) {
    throw new StartupError(
      'Name the projection and the position, as npm run projections -- parked lists them.',
    );
  }
  return { projection, position: BigInt(position), by: values.by ?? userInfo().username };
};

const resolve = async (
  { store, db }: Opened,
  command: 'retry' | 'skip',
  args: string[],
  io: CliIo,
) => {
  const { projection, position, by } = target(args);
  if (command === 'skip') {
    await skipParked({ db, projection, position, by });
    io.stdout.write(`${projection} ${position}: skipped for good, by ${by}\n`);
    return 0;
  }
  const result = await retryParked({ store, db, projection, position, by });
  if (result.retried) {
    io.stdout.write(
      `${projection} ${position}: applied, by ${by}; ${result.reapplied} later event(s) applied again\n`,
    );
    return 0;
  }
  io.stderr.write(`${projection} ${position}: not applied, still parked: ${result.error}\n`);
  return 1;
};

/** `reactor <name> --from <position>|head|start`. */
const reactor = async ({ store, db }: Opened, args: string[], out: NodeJS.WritableStream) => {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { from: { type: 'string' } },
  });
  const [name] = positionals;
  const from = values.from;
  if (name === undefined || from === undefined || !/^(\d+|head|start)$/.test(from)) {
    throw new StartupError(
      'Name the reactor and where it goes on from: npm run projections -- reactor <name> --from <position>|head|start',
    );
  }
  const position = await setReactorCheckpoint({
    store,
    db,
    name,
    from: from === 'head' || from === 'start' ? from : BigInt(from),
  });
  out.write(
    `reactor ${name}: goes on ${position === undefined ? 'from the first event' : `after position ${position}`} of this store\n`,
  );
  return 0;
};

const commands = ['status', 'rebuild', 'parked', 'retry', 'skip', 'reactor'] as const;
type CommandName = (typeof commands)[number];
const isCommand = (name: string | undefined): name is CommandName =>
  (commands as readonly (string | undefined)[]).includes(name);

const run = async (argv: string[], io: CliIo): Promise<number> => {
  const [command, ...rest] = argv;
  if (!isCommand(command)) {
    io.stderr.write(usage);
    return command === undefined || command === '--help' || command === 'help' ? 0 : 64;
  }
  let env: CliEnv;
  try {
    env = parseCliEnv(io.env);
  } catch (error) {
    if (!(error instanceof CliEnvError)) throw error;
    io.stderr.write(`${error.message}\n`);
    return 78;
  }
  const opened = await open(env);
  try {
    switch (command) {
      case 'status':
        await status(opened, io.stdout);
        return 0;
      case 'rebuild':
        await rebuild(opened, env, rest.includes('--fresh'), io);
        return 0;
      case 'parked':
        await parked(opened, rest.includes('--all'), io.stdout);
        return 0;
      case 'reactor':
        return await reactor(opened, rest, io.stdout);
      default:
        return await resolve(opened, command, rest, io);
    }
  } finally {
    await opened.close();
  }
};

/**
 * `npm run projections -- <command>`: runs one operator command with `io`'s settings and
 * streams, and gives the process's exit code (0 done, 1 failed, 64 usage, 78 configuration).
 */
export const runProjectionsCli = (argv: string[], io: CliIo): Promise<number> =>
  run(argv, io).catch((error: unknown) => reportFailure(error, 'projections', io.stderr));
