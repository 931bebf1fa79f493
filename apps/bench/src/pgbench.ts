// The database's own limit for a search: the statements the query service runs for it, run by
// pgbench (prepared, the same connections, on the same machine) as a cold search row's second
// reference.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { carSearchOf, searchCars } from '@second-gear/features';
import { CarsQuery } from '@second-gear/features/contract';
import { LIVE_SCHEMA, type ReadModelDatabase } from '@second-gear/read-model';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';

export interface PgbenchResult {
  /** Searches per second: each transaction is one search's statements. */
  transactionsPerSecond: number;
  /** pgbench's average latency of a transaction, ms. */
  latencyMs: number;
}

interface Statement {
  sql: string;
  parameters: readonly unknown[];
}

/** A parameter as the pg driver sends it (its own conversion: arrays, dates, JSON). */
const asText = createRequire(import.meta.url)('pg/lib/utils.js').prepareValue as (
  value: unknown,
) => string | null;

/** Every statement the query service runs for the search at `path`, with its parameters. */
export const statementsOf = async (databaseUrl: string, path: string): Promise<Statement[]> => {
  const statements: Statement[] = [];
  const db = new Kysely<ReadModelDatabase>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 2 }) }),
    log: (event) => {
      if (event.level === 'query') statements.push(event.query);
    },
  });
  try {
    const query = CarsQuery.parse(Object.fromEntries(new URL(path, 'http://x').searchParams));
    const { page, limit, email, ...rest } = query;
    await searchCars({ db, schema: LIVE_SCHEMA }, carSearchOf(rest), { page, limit });
  } finally {
    await db.destroy();
  }
  return statements;
};

/**
 * One search as a pgbench script: its statements in order, each parameter `$n` as a variable
 * `:s<script>_<n>`, whose values go on the command line (`-D`); prepared mode sends them as
 * parameters, as the driver does.
 */
const scriptOf = (statements: Statement[], script: number) => {
  const defines: string[] = [];
  const lines = statements.map((statement, index) => {
    const name = (n: string) => `s${script}_${index}_${n}`;
    statement.parameters.forEach((value, n) => {
      const text = asText(value);
      if (text === null) throw new Error('pgbench cannot pass a null parameter');
      defines.push(`${name(String(n + 1))}=${text}`);
    });
    const sql = statement.sql.replace(/\$(\d+)/g, (_, n: string) => `:${name(n)}`);
    return `${sql.replace(/\s+/g, ' ')};`;
  });
  return { text: `${lines.join('\n')}\n`, defines };
};

/** pgbench over the searches at `paths` (taken in turn, one script each), for `seconds`. */
export const pgbenchSearches = async (
  databaseUrl: string,
  paths: readonly string[],
  options: { connections: number; durationSeconds: number },
): Promise<PgbenchResult> => {
  const dir = await mkdtemp(join(tmpdir(), 'second-gear-pgbench-'));
  try {
    const args = ['-n', '-M', 'prepared', '-c', String(options.connections), '-j', '2'];
    args.push('-T', String(options.durationSeconds));
    for (const [script, path] of paths.entries()) {
      const { text, defines } = scriptOf(await statementsOf(databaseUrl, path), script);
      const file = join(dir, `search-${script}.sql`);
      await writeFile(file, text);
      args.push('-f', file, ...defines.flatMap((define) => ['-D', define]));
    }
    const output = await run('pgbench', [...args, databaseUrl]);
    const tps = /tps = ([\d.]+)/.exec(output)?.[1];
    const latency = /latency average = ([\d.]+) ms/.exec(output)?.[1];
    if (tps === undefined || latency === undefined)
      throw new Error(`pgbench said nothing of its rate:\n${output}`);
    return { transactionsPerSecond: Number(tps), latencyMs: Number(latency) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

/** A command's output; its failure with what it said. */
const run = (command: string, args: string[]): Promise<string> =>
  new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done(output) : fail(new Error(`${command} failed (${code}):\n${output}`)),
    );
  });
