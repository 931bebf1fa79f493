import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type FieldError, HttpProblem } from './problem.ts';

/**
 * Text PostgreSQL cannot keep: a NUL character (no text value holds one) or a UTF-16 surrogate
 * without its pair (no UTF-8 text encodes one, and a JSON document refuses its escape).
 */
export const isUnstorableText = (value: string): boolean =>
  value.includes('\u0000') || !value.isWellFormed();

/** The message a field with such text gets. */
export const UNSTORABLE_TEXT_MESSAGE =
  'Must not contain a NUL character or an unpaired surrogate (invalid Unicode)';

/** Every field under `value` whose text, or a key of whose object, cannot be kept, by its path. */
export const unstorableFields = (value: unknown, path: string[] = []): string[] => {
  if (typeof value === 'string') return isUnstorableText(value) ? [path.join('.')] : [];
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return [];
  const fields: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    if (isUnstorableText(key)) fields.push([...path, key].join('.'));
    else fields.push(...unstorableFields(item, [...path, key]));
  }
  return fields;
};

/** The request's text fields that cannot be kept, named as validation names fields. */
const unstorableOf = (request: FastifyRequest): FieldError[] => {
  const named = (prefix: string, value: unknown) =>
    unstorableFields(value).map((field) => ({
      field: [prefix, field].filter(Boolean).join('.') || prefix || 'body',
      message: UNSTORABLE_TEXT_MESSAGE,
    }));
  return [
    ...named('params', request.params),
    ...named('querystring', request.query),
    ...named('', request.body),
  ];
};

/**
 * One rule for every route, before its own validation: a path parameter, a query parameter or a
 * JSON body field holding text PostgreSQL cannot keep answers 400 naming the field, rather than
 * failing in the database as a 500. (Other control characters are text like any other: each
 * route's schema says what a field may hold.)
 */
async function storableTextPlugin(app: FastifyInstance): Promise<void> {
  app.addHook('preValidation', async (request) => {
    const errors = unstorableOf(request);
    if (errors.length === 0) return;
    throw HttpProblem.badRequest(
      errors.length === 1
        ? `Invalid request: ${errors[0]?.field}: ${UNSTORABLE_TEXT_MESSAGE}`
        : `Invalid request: ${errors.length} fields need attention.`,
      errors,
    );
  });
}

export const storableText = fp(storableTextPlugin, {
  name: '@second-gear/storable-text',
  fastify: '5.x',
});
