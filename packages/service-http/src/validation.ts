import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { type ZodType, z } from 'zod';
import type { FieldError } from './problem.ts';

/** The one message for an absent or empty required field, as the product's forms say it. */
export const REQUIRED_MESSAGE = 'This field is required';
export const UNKNOWN_FIELD_MESSAGE = 'Unknown field';

/** A required text: absent, empty and whitespace-only all answer `REQUIRED_MESSAGE`; trimmed. */
export function requiredString(options: { max?: number } = {}) {
  const base = z
    .string({ error: requiredOr('Must be text') })
    .trim()
    .min(1, REQUIRED_MESSAGE);
  return options.max === undefined
    ? base
    : base.max(options.max, `Must be at most ${options.max} characters`);
}

/** An optional text; an empty or whitespace-only value counts as absent. */
export function optionalString(options: { max?: number } = {}) {
  const text = options.max === undefined ? z.string() : z.string().max(options.max);
  return z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(text.optional())
    .optional();
}

/**
 * Request bodies reject unknown fields (400, one error per unknown field), so a typo never
 * silently drops data. Every body schema is built with this.
 */
export function strictObject<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.strictObject(shape);
}

/** An error map for a schema's own `error` option: absent means required, else `message`. */
export function requiredOr(message: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? REQUIRED_MESSAGE : message);
}

// Applied to every request parse below any message a schema sets itself, so a plain
// `z.string().min(1)` or a missing field already speaks the product's words.
const requestErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return REQUIRED_MESSAGE;
      // Fastify hands a route `null` when a request carries no body at all.
      if (issue.input === null && !issue.path?.length) return REQUIRED_MESSAGE;
      return `Must be ${expectedWords[issue.expected] ?? `of type ${issue.expected}`}`;
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? REQUIRED_MESSAGE
          : `Must be at least ${issue.minimum} characters`;
      }
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return issue.inclusive === false
          ? `Must be more than ${issue.minimum}`
          : `Must be at least ${issue.minimum}`;
      }
      return undefined;
    case 'too_big':
      if (issue.origin === 'string') return `Must be at most ${issue.maximum} characters`;
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return issue.inclusive === false
          ? `Must be less than ${issue.maximum}`
          : `Must be at most ${issue.maximum}`;
      }
      return undefined;
    case 'unrecognized_keys':
      return UNKNOWN_FIELD_MESSAGE;
    default:
      return undefined;
  }
};

const expectedWords: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
};

/** Fastify validator compiler for zod schemas, with the product's required-field message. */
export const validatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { error: requestErrorMap });
    if (result.success) return { value: result.data };
    return { error: result.error.issues.map(toValidationError) };
  };

function toValidationError(issue: z.core.$ZodIssue): FastifySchemaValidationError {
  const { code, path, message, ...rest } = issue;
  return {
    keyword: code,
    instancePath: path.length === 0 ? '' : `/${path.map(String).join('/')}`,
    schemaPath: `#/${path.map(String).join('/')}/${code}`,
    params: rest as Record<string, unknown>,
    message,
  };
}

function joinField(...parts: string[]): string {
  return parts.filter((part) => part !== '').join('.');
}

/**
 * Turns Fastify's validation errors (from the zod compiler above, or Ajv for plain JSON
 * schemas) into `{ field, message }` pairs. Body fields are named by their path alone
 * (`price`, `images.0`); other parts are prefixed (`params.id`, `querystring.page`).
 */
export function fieldErrorsFromValidation(
  validation: FastifySchemaValidationError[],
  context?: string,
): FieldError[] {
  const prefix = context === undefined || context === 'body' ? '' : context;
  const errors: FieldError[] = [];
  for (const item of validation) {
    const path = item.instancePath.split('/').filter(Boolean).join('.');
    const params = (item.params ?? {}) as Record<string, unknown>;
    if (item.keyword === 'unrecognized_keys' && Array.isArray(params.keys)) {
      for (const key of params.keys) {
        errors.push({
          field: joinField(prefix, path, String(key)),
          message: UNKNOWN_FIELD_MESSAGE,
        });
      }
    } else if (item.keyword === 'additionalProperties' && params.additionalProperty) {
      errors.push({
        field: joinField(prefix, path, String(params.additionalProperty)),
        message: UNKNOWN_FIELD_MESSAGE,
      });
    } else if (item.keyword === 'required' && params.missingProperty) {
      errors.push({
        field: joinField(prefix, path, String(params.missingProperty)),
        message: REQUIRED_MESSAGE,
      });
    } else {
      const field = joinField(prefix, path) || context || 'body';
      errors.push({ field, message: item.message ?? 'Invalid value' });
    }
  }
  return errors;
}
