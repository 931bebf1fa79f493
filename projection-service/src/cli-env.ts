import { z } from 'zod';

const postgresUrl = z.string().refine(
  (value) => {
    try {
      return ['postgres:', 'postgresql:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  },
  { error: 'expected a postgres:// URL' },
);

const schema = z
  .object({
    READ_MODEL_URL: postgresUrl.optional(),
    PGLITE_DIR: z.string().min(1).optional(),
    EVENT_STORE: z
      .enum(['pglite', 'postgres', 'kurrentdb'], {
        error: 'expected pglite, postgres or kurrentdb',
      })
      .optional(),
    EVENT_STORE_URL: z.string().min(1).optional(),
    PROJECTION_BATCH_SIZE: z.coerce
      .number({ error: 'expected a number' })
      .int('expected a whole number')
      .positive('expected a number above 0')
      .default(1000),
  })
  .superRefine((env, ctx) => {
    if (!env.READ_MODEL_URL && !env.PGLITE_DIR) {
      ctx.addIssue({
        code: 'custom',
        path: ['READ_MODEL_URL'],
        message: 'set READ_MODEL_URL (a postgres:// URL) or PGLITE_DIR',
      });
    }
    const store = env.EVENT_STORE ?? (env.PGLITE_DIR ? 'pglite' : 'postgres');
    if (store === 'pglite' && !env.PGLITE_DIR) {
      ctx.addIssue({
        code: 'custom',
        path: ['PGLITE_DIR'],
        message: 'required when EVENT_STORE is pglite',
      });
    }
    if (store !== 'pglite' && !env.EVENT_STORE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['EVENT_STORE_URL'],
        message: `required when EVENT_STORE is ${store}`,
      });
    }
  });

export interface CliEnv {
  /** The read model's PostgreSQL, or undefined to use the PGlite directory. */
  readModelUrl: string | undefined;
  pgliteDir: string | undefined;
  eventStore: 'pglite' | 'postgres' | 'kurrentdb';
  eventStoreUrl: string | undefined;
  batchSize: number;
}

export class CliEnvError extends Error {}

/** Reads the operator CLI's environment; a bad value names its variable. */
export const parseCliEnv = (env: Record<string, string | undefined> = process.env): CliEnv => {
  const present = Object.fromEntries(
    Object.keys(schema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const result = schema.safeParse(present);
  if (!result.success) {
    throw new CliEnvError(
      `Invalid configuration:\n${result.error.issues
        .map((issue) => `  ${String(issue.path[0] ?? '(environment)')}: ${issue.message}`)
        .join('\n')}`,
    );
  }
  const value = result.data;
  return {
    readModelUrl: value.READ_MODEL_URL,
    pgliteDir: value.PGLITE_DIR,
    eventStore: value.EVENT_STORE ?? (value.PGLITE_DIR ? 'pglite' : 'postgres'),
    eventStoreUrl: value.EVENT_STORE_URL,
    batchSize: value.PROJECTION_BATCH_SIZE,
  };
};
