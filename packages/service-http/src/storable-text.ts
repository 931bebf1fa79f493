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

/** A value still to look at, and where it is: its key and the place of its parent. */
type Place = { value: unknown; key: string; parent: Place | undefined };

const pathOf = (place: Place): string => {
  const keys: string[] = [];
  for (let at: Place | undefined = place; at?.parent !== undefined; at = at.parent) {
    keys.unshift(at.key);
  }
  return keys.join('.');
};

/**
 * Every field under `value` whose text, or a key of whose object, cannot be kept, by its path.
 * Walked with a list rather than by recursion: a body may nest as deep as its size allows.
 */
export const unstorableFields = (value: unknown): string[] => {
  const fields: string[] = [];
  const waiting: Place[] = [{ value, key: '', parent: undefined }];
  for (let place = waiting.pop(); place !== undefined; place = waiting.pop()) {
    const item = place.value;
    if (typeof item === 'string') {
      if (isUnstorableText(item)) fields.push(pathOf(place));
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, inner] of Object.entries(item)) {
        const child = { value: inner, key, parent: place };
        if (isUnstorableText(key)) fields.push(pathOf(child));
        else waiting.push(child);
      }
    }
  }
  return fields.reverse();
};

/** Whether nothing under `value` can be text: an absent body, no parameters. */
const holdsNoText = (value: unknown): boolean => {
  if (value === undefined || value === null) return true;
  if (typeof value !== 'object') return typeof value !== 'string';
  for (const _ in value) return false;
  return true;
};

/** The request's text fields that cannot be kept, named as validation names fields. */
const unstorableOf = (request: FastifyRequest): FieldError[] => {
  // The common read: no parameters, no body; nothing to walk, nothing made.
  if (holdsNoText(request.params) && holdsNoText(request.query) && holdsNoText(request.body)) {
    return [];
  }
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
  // A callback hook, as it runs on every request (kept answers included).
  app.addHook('preValidation', (request, _reply, done) => {
    const errors = unstorableOf(request);
    if (errors.length === 0) return done();
    done(
      HttpProblem.badRequest(
        errors.length === 1
          ? `Invalid request: ${errors[0]?.field}: ${UNSTORABLE_TEXT_MESSAGE}`
          : `Invalid request: ${errors.length} fields need attention.`,
        errors,
      ),
    );
  });
}

export const storableText = fp(storableTextPlugin, {
  name: '@second-gear/storable-text',
  fastify: '5.x',
});
