import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ProblemAnswer } from '@second-gear/features/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { statusTitle } from './problem.ts';

export type OpenApiOptions = {
  /** Where the JSON document is served, e.g. `/api/openapi/commands.json`. */
  jsonPath: string;
  title: string;
  version?: string;
  description?: string;
  /** Where the browsable documentation is served; none when absent. */
  docsPath?: string;
  /** The tags the operations use, each with what it groups. */
  tags?: { name: string; description: string }[];
};

/** The project's licence (package.json), which the documents state. */
const LICENSE = { name: 'MIT', identifier: 'MIT' };

/** Why an operation answers each error status, in the words of the document. */
const problemReasons = {
  400: 'the request is not valid: `errors` names each field at fault.',
  401: 'no valid token was sent, or its account no longer exists.',
  403: 'the caller may not do this.',
  404: 'what the request names does not exist.',
  409: 'a rule refuses it (`type` names the rule), or another change came first: try again.',
  410: 'what the request works on was deleted for good.',
  413: 'the body is larger than this call accepts.',
  415: 'the body is not of a type this call accepts.',
  429: 'too many requests from this client: wait as long as `Retry-After` says.',
  503: 'a service this one depends on does not answer: try again after `Retry-After`.',
} as const;

export type ProblemStatus = keyof typeof problemReasons;

/**
 * The error answers of an operation, for its `response` schema: each status as a problem
 * (`application/problem+json`), with why it is given. Documentation only: problems are sent
 * already serialized. Every operation may answer 503 when a dependency is down.
 */
export function problemAnswers(...statuses: ProblemStatus[]) {
  return Object.fromEntries(
    [...new Set<ProblemStatus>([...statuses, 503])].map((status) => [
      status,
      {
        description: `${statusTitle(status)}: ${problemReasons[status]}`,
        content: { 'application/problem+json': { schema: ProblemAnswer } },
      },
    ]),
  );
}

const withNamedSchemas = createJsonSchemaTransformObject({});

type Operation = { security?: Record<string, unknown>[] };

/**
 * Schemas with an id (the problem) become components, referenced where they are used. Each is
 * made in an input and an output variant; the document keeps the ones its operations use, and
 * the security schemes some operation names (a service without API keys offers none).
 */
const namedSchemas: typeof withNamedSchemas = (input) => {
  const document = withNamedSchemas(input) as {
    paths?: Record<string, Record<string, Operation>>;
    components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
  };
  const schemas = document.components?.schemas ?? {};
  const text = JSON.stringify({ ...document, components: { ...document.components, schemas: {} } });
  const used = Object.entries(schemas).filter(([name]) =>
    text.includes(`"#/components/schemas/${name}"`),
  );
  const named = new Set(
    Object.values(document.paths ?? {}).flatMap((operations) =>
      Object.values(operations).flatMap((operation) =>
        (operation.security ?? []).flatMap((requirement) => Object.keys(requirement)),
      ),
    ),
  );
  const schemes = Object.entries(document.components?.securitySchemes ?? {}).filter(([name]) =>
    named.has(name),
  );
  return {
    ...document,
    components: {
      ...document.components,
      schemas: Object.fromEntries(used),
      securitySchemes: Object.fromEntries(schemes),
    },
  } as ReturnType<typeof withNamedSchemas>;
};

async function openApiPlugin(app: FastifyInstance, options: OpenApiOptions): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: options.title,
        version: options.version ?? '0.1.0',
        ...(options.description ? { description: options.description } : {}),
        license: LICENSE,
      },
      // Relative: the document is served by the API it describes, under the same origin.
      servers: [{ url: '/' }],
      ...(options.tags ? { tags: options.tags } : {}),
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'sgk_<id>_<secret>',
            description: 'An API key an admin issued to an integrator, with its scopes',
          },
        },
      },
    },
    transform: createJsonSchemaTransform({
      skipList: [options.jsonPath, ...(options.docsPath ? [`${options.docsPath}/*`] : [])],
    }),
    transformObject: namedSchemas,
  });
  app.get(options.jsonPath, { schema: { hide: true } }, async () => app.swagger());
  if (options.docsPath) {
    await app.register(swaggerUi, {
      routePrefix: options.docsPath,
      // The page's own policy (its inline script and styles by hash), framed by nothing and
      // served as it came (http stays http on a developer's machine).
      staticCSP: true,
      transformStaticCSP: (header) =>
        header
          .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
          .replace(' upgrade-insecure-requests;', ''),
    });
  }
}

/**
 * Registers the OpenAPI generator. Register it before the routes it should describe: it
 * collects routes as they are added. Routes are described by the zod schemas that validate.
 */
export const openApi = fp(openApiPlugin, { name: '@second-gear/openapi', fastify: '5.x' });
