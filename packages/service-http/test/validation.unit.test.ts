import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  fieldErrorsFromValidation,
  optionalString,
  REQUIRED_MESSAGE,
  requiredOr,
  requiredString,
  strictObject,
  validatorCompiler,
} from '../src/index.ts';

// The compiler as Fastify calls it, for one schema.
function validate(schema: z.ZodType, data: unknown) {
  const check = validatorCompiler({ schema, method: 'POST', url: '/', httpPart: 'body' });
  const result = check(data) as {
    value?: unknown;
    error?: Parameters<typeof fieldErrorsFromValidation>[0];
  };
  return result.error ? { errors: fieldErrorsFromValidation(result.error, 'body') } : result;
}

describe('validation helpers', () => {
  const booking = strictObject({
    meetup: requiredString({ max: 20 }),
    phone: requiredString(),
    note: optionalString({ max: 5 }),
    price: z.number({ error: requiredOr('Must be a number') }),
  });

  it('trims required text and drops blank optional text', () => {
    expect(validate(booking, { meetup: ' Gulshan ', phone: '017', note: '  ', price: 5 })).toEqual({
      value: { meetup: 'Gulshan', phone: '017', note: undefined, price: 5 },
    });
  });

  it('names every field that needs attention, with the product’s messages', () => {
    expect(
      validate(booking, { meetup: 'x'.repeat(21), phone: '\t', price: '5', note: 'longer', x: 1 }),
    ).toEqual({
      errors: [
        { field: 'meetup', message: 'Must be at most 20 characters' },
        { field: 'phone', message: REQUIRED_MESSAGE },
        { field: 'note', message: 'Must be at most 5 characters' },
        { field: 'price', message: 'Must be a number' },
        { field: 'x', message: 'Unknown field' },
      ],
    });
    expect(validate(booking, {})).toEqual({
      errors: [
        { field: 'meetup', message: REQUIRED_MESSAGE },
        { field: 'phone', message: REQUIRED_MESSAGE },
        { field: 'price', message: REQUIRED_MESSAGE },
      ],
    });
  });

  it('words bounds and types plainly', () => {
    const car = z.object({
      price: z.number().positive().max(1e7),
      year: z.int().min(1950),
      name: z.string().min(3),
    });
    expect(validate(car, { price: 0, year: 1900.5, name: 'ab' })).toEqual({
      errors: [
        { field: 'price', message: 'Must be more than 0' },
        { field: 'year', message: 'Must be a whole number' },
        { field: 'name', message: 'Must be at least 3 characters' },
      ],
    });
    expect(validate(car, { price: 2e7, year: 1900, name: 5 })).toEqual({
      errors: [
        { field: 'price', message: 'Must be at most 10000000' },
        { field: 'year', message: 'Must be at least 1950' },
        { field: 'name', message: 'Must be text' },
      ],
    });
  });

  it('speaks the same way for plain zod schemas', () => {
    const plain = z.object({
      name: z.string().min(1),
      items: z.array(z.object({ id: z.string() })),
    });
    expect(validate(plain, { name: '', items: [{}] })).toEqual({
      errors: [
        { field: 'name', message: REQUIRED_MESSAGE },
        { field: 'items.0.id', message: REQUIRED_MESSAGE },
      ],
    });
  });

  it('reads JSON-schema (Ajv) errors the same way', () => {
    expect(
      fieldErrorsFromValidation(
        [
          {
            keyword: 'required',
            instancePath: '',
            schemaPath: '',
            params: { missingProperty: 'name' },
            message: "must have required property 'name'",
          },
          {
            keyword: 'additionalProperties',
            instancePath: '',
            schemaPath: '',
            params: { additionalProperty: 'extra' },
            message: 'must NOT have additional properties',
          },
          {
            keyword: 'type',
            instancePath: '/page',
            schemaPath: '',
            params: {},
            message: 'must be integer',
          },
        ],
        'querystring',
      ),
    ).toEqual([
      { field: 'querystring.name', message: REQUIRED_MESSAGE },
      { field: 'querystring.extra', message: 'Unknown field' },
      { field: 'querystring.page', message: 'must be integer' },
    ]);
  });
});
