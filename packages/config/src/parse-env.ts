import type { z } from 'zod';
import { fromWhereRun } from './startup.ts';
import { pathSchemas } from './variables.ts';

/** A configuration problem, naming every variable that is wrong. */
export class ConfigError extends Error {
  readonly problems: { variable: string; message: string }[];

  constructor(problems: { variable: string; message: string }[]) {
    super(
      `Invalid configuration:\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join('\n')}`,
    );
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

type Env = Record<string, string | undefined>;

/**
 * Reads the environment once, through a zod object whose keys are variable names. Empty strings
 * count as unset, so `PORT=` falls back to the default instead of failing as "not a number".
 * Paths (`pathVariable`) come out absolute, resolved from where the command was run.
 */
export const parseEnv = <S extends z.ZodObject>(schema: S, env: Env = process.env): z.infer<S> => {
  const present = Object.fromEntries(
    Object.keys(schema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const result = schema.safeParse(present);
  if (result.success) {
    const data = result.data as Record<string, unknown>;
    for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      const value = data[key];
      if (pathSchemas.has(field) && typeof value === 'string') data[key] = fromWhereRun(value, env);
    }
    return data as z.infer<S>;
  }
  throw new ConfigError(
    result.error.issues.map((issue) => ({
      variable: String(issue.path[0] ?? '(environment)'),
      message: issue.message,
    })),
  );
};

/** Parses the environment, or prints what is wrong and stops the process. */
export const loadEnvOrExit = <S extends z.ZodObject>(
  schema: S,
  env: Env = process.env,
): z.infer<S> => {
  try {
    return parseEnv(schema, env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(78); // EX_CONFIG
  }
};
