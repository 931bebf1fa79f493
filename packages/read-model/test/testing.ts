import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { NewCar } from '../src/schema.ts';

/** The shared PostgreSQL server tests use when it answers. */
export const TEST_POSTGRES_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestPostgresDatabase {
  connectionString: string;
  drop: () => Promise<void>;
}

/**
 * Creates a database of its own on the test server, or answers undefined (with the reason)
 * when the server does not answer, so a suite can report plainly what it skipped.
 */
export const createTestPostgresDatabase = async (
  prefix = 'sg_test',
): Promise<TestPostgresDatabase | { skipped: string }> => {
  const admin = new pg.Client({
    connectionString: TEST_POSTGRES_URL,
    connectionTimeoutMillis: 1500,
  });
  try {
    await admin.connect();
  } catch (error) {
    return { skipped: `PostgreSQL at ${TEST_POSTGRES_URL} did not answer: ${String(error)}` };
  }
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    connectionString: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
};

/** A car's row as a test writes it straight into `cars`: a plain listing, `details` on top. */
export const carRow = (id: string, position: number, details: Partial<NewCar> = {}): NewCar => ({
  id,
  name: `Car ${id}`,
  seller_id: 's1',
  seller_name: 'Sam Seller',
  seller_email: 'sam@example.com',
  category_id: 'k1',
  category_name: 'SUV',
  image: '/images/x.webp',
  original_price: 20_000,
  price: 12_000,
  location: 'Dhaka',
  years_of_use: 3,
  listed_at: new Date('2026-01-02T03:04:05Z'),
  listed_position: BigInt(position),
  version: BigInt(position),
  ...details,
});
