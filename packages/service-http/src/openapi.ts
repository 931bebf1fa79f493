import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';

export type OpenApiOptions = {
  /** Where the JSON document is served, e.g. `/api/openapi/commands.json`. */
  jsonPath: string;
  title: string;
  version?: string;
  description?: string;
  /** Where the browsable documentation is served; none when absent. */
  docsPath?: string;
};

async function openApiPlugin(app: FastifyInstance, options: OpenApiOptions): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: options.title,
        version: options.version ?? '0.1.0',
        ...(options.description ? { description: options.description } : {}),
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
    transform: createJsonSchemaTransform({
      skipList: [options.jsonPath, ...(options.docsPath ? [`${options.docsPath}/*`] : [])],
    }),
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
