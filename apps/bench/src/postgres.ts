import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The machine's PostgreSQL server; each benchmark creates databases of its own on it. */
export const SERVER_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const databaseUrl = (name: string): string => {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

export const serverVersion = (): Promise<string> =>
  admin(async (client) => {
    const answer = await client.query<{ v: string }>(
      "select current_setting('server_version') as v",
    );
    return answer.rows[0]?.v ?? 'unknown';
  });

export interface BenchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A fresh, empty database (`bench_<label>_<random>`), dropped by `drop()`. */
const created = new Set<string>();

const dropByName = async (name: string): Promise<void> => {
  await admin((client) => client.query(`drop database if exists ${name} with (force)`));
  created.delete(name);
};

export const createDatabase = async (label: string): Promise<BenchDatabase> => {
  const name = `bench_${label}_${randomBytes(4).toString('hex')}`;
  await admin((client) => client.query(`create database ${name}`));
  created.add(name);
  return { name, url: databaseUrl(name), drop: () => dropByName(name) };
};

/** Drops every database this process created and has not dropped yet (on an interruption). */
export const dropCreatedDatabases = async (): Promise<void> => {
  for (const name of [...created]) await dropByName(name).catch(() => {});
};
