import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { type ZodType, z } from 'zod';

/**
 * Answers are written by fast-json-stringify, compiled once per route from the JSON Schema of
 * its zod answer schema, as Fastify does for its own schemas: it writes only the fields the
 * contract declares (nothing internal leaks out) and does not validate every answer again.
 */
export const serializerCompiler: FastifySerializerCompiler<ZodType> = ({ schema }) =>
  fastJson(
    z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }) as object,
  );
