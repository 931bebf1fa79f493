import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { HttpProblem } from '@second-gear/service-http';
import type { FastifyInstance } from 'fastify';
import { IMMUTABLE_CACHE_CONTROL } from './image-storage.ts';

export type ServeLocalImagesOptions = {
  dir: string;
  /** URL path the files are served under. Default `/images`. */
  publicPath?: string;
};

// Only names the storage itself makes: a content hash, then its width class (`-w800`; the
// plain names of older uploads have none), and a known extension.
const STORED_NAME = /^([0-9a-f]{16,64}(?:-w[0-9]{1,5})?)\.(webp|jpg)$/;
const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg' };

/**
 * `GET /images/:name`: the files of the local image storage. A name is a hash of the bytes
 * (with the width class), so a file never changes and may be cached for a year. The entity tag
 * is the name without its extension, since the classes of one upload share their hash.
 */
export async function serveLocalImages(app: FastifyInstance, options: ServeLocalImagesOptions) {
  const publicPath = (options.publicPath ?? '/images').replace(/\/+$/, '');
  app.get<{ Params: { name: string } }>(
    `${publicPath}/:name`,
    { schema: { hide: true } },
    async (request, reply) => {
      const match = STORED_NAME.exec(request.params.name);
      if (!match) throw HttpProblem.notFound('No such image.');
      const path = join(options.dir, request.params.name);
      const size = await stat(path).then(
        (found) => (found.isFile() ? found.size : undefined),
        () => undefined,
      );
      if (size === undefined) throw HttpProblem.notFound('No such image.');
      const etag = `"${match[1]}"`;
      reply
        .header('cache-control', IMMUTABLE_CACHE_CONTROL)
        .header('etag', etag)
        // A car's picture may be shown by other sites (an integrator's listing, a link preview).
        .header('cross-origin-resource-policy', 'cross-origin')
        .type(CONTENT_TYPES[match[2]!]!);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      reply.header('content-length', size);
      return reply.send(createReadStream(path));
    },
  );
}
