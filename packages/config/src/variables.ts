import { isIP } from 'node:net';
import { z } from 'zod';

/** Field schemas for environment variables, each with a message that says what is expected. */

export const port = (fallback: number) =>
  z.coerce
    .number({ error: 'expected a port number' })
    .int('expected a whole port number')
    .min(0, 'expected a port between 0 and 65535')
    .max(65535, 'expected a port between 0 and 65535')
    .default(fallback);

export const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'expected true or false' })
    .transform((v) => v === 'true' || v === '1' || v === 'yes')
    .default(fallback);

export const positiveInt = (fallback: number) =>
  z.coerce
    .number({ error: 'expected a number' })
    .int('expected a whole number')
    .positive('expected a number above 0')
    .default(fallback);

export const url = (protocols: readonly string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol.replace(/:$/, ''));
      } catch {
        return false;
      }
    },
    { error: `expected a ${protocols.join(' or ')} URL` },
  );

/** An http(s) origin, with nothing after it but a slash; answered without the slash. */
export const origin = z
  .string()
  .refine(
    (value) => {
      try {
        const parsed = new URL(value);
        return (
          (parsed.protocol === 'http:' || parsed.protocol === 'https:') &&
          parsed.pathname === '/' &&
          parsed.search === '' &&
          parsed.hash === '' &&
          parsed.username === '' &&
          parsed.password === ''
        );
      } catch {
        return false;
      }
    },
    { error: 'expected an http or https origin, such as https://cars.example.com' },
  )
  .transform((value) => new URL(value).origin);

export const hostPort = z
  .string()
  .regex(/^[\w.-]+:\d{1,5}$/, { error: 'expected host:port, for example 127.0.0.1:9099' });

export const logLevel = z
  .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    error: 'expected one of fatal, error, warn, info, debug, trace, silent',
  })
  .default('info');

export const secret = z
  .string({ error: 'required: a secret of at least 32 characters' })
  .min(32, { error: 'expected a secret of at least 32 characters' });

/** The names of address ranges a trusted-proxy list may use besides addresses and CIDRs. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isAddressOrRange = (entry: string): boolean => {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const length = Number(bits);
  return /^\d{1,3}$/.test(bits) && length <= (version === 4 ? 32 : 128);
};

/**
 * A comma-separated list of addresses, CIDR ranges or `loopback`, `linklocal`, `uniquelocal`;
 * empty means none.
 */
/** Host names separated by commas (`cdn.example.com,images.example.org`); none by default. */
export const hostList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  )
  .refine(
    (hosts) =>
      hosts.every((host) =>
        /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(host),
      ),
    {
      error: 'expected host names separated by commas, such as cdn.example.com',
    },
  );

export const addressList = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .refine((entries) => entries.every(isAddressOrRange), {
      error: 'expected addresses or CIDR ranges separated by commas, or loopback',
    });

/** The schemas of variables that name a file or directory (see `parseEnv`). */
export const pathSchemas = new WeakSet<z.ZodType>();

/**
 * A file or directory. `parseEnv` resolves a relative one from the folder the command was run
 * in (`fromWhereRun`), so it means what the person who typed it sees.
 */
export function pathVariable(fallback: string): z.ZodDefault<z.ZodString>;
export function pathVariable(): z.ZodOptional<z.ZodString>;
export function pathVariable(fallback?: string): z.ZodType {
  const schema =
    fallback === undefined ? z.string().min(1).optional() : z.string().min(1).default(fallback);
  pathSchemas.add(schema);
  return schema;
}
