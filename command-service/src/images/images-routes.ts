import multipart from '@fastify/multipart';
import {
  ImageUploadAnswer,
  MAIN_PICTURE_WIDTH,
  PICTURE_WIDTHS,
} from '@second-gear/features/contract';
import type { Actor } from '@second-gear/identity';
import { HttpProblem, problemAnswers, REQUIRED_MESSAGE } from '@second-gear/service-http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ImageStorage } from './image-storage.ts';
import { ImageRejected, type OutputFormat, processImage } from './process-image.ts';

export type ImagesRoutesOptions = {
  storage: ImageStorage;
  /** Largest upload, in bytes (413 above). */
  maxBytes: number;
  /** Largest picture, in pixels (width × height), refused before it is decoded. */
  maxPixels: number;
  format?: OutputFormat;
  /**
   * Who may upload. Default: a Seller or an Admin by their service token. The service can
   * pass a check against the user's current record instead.
   */
  mayUpload?: (actor: Actor) => boolean | Promise<boolean>;
  /** Uploads re-encoded at once; the rest wait their turn. Default 2. */
  maxConcurrent?: number;
  /** Uploads per client address per window, counted apart from other writes. */
  rateLimit?: { max: number; timeWindow: string | number };
};

/** Runs at most `limit` tasks at once; re-encoding is CPU-bound. */
function concurrencyLimit(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((turn) => waiting.push(turn));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

const uploadForm = z.object({
  image: z.string().meta({ format: 'binary', description: 'The picture: JPEG, PNG or WebP.' }),
});

const sellerOrAdmin = (actor: Actor) => actor.role === 'Seller' || actor.role === 'Admin';

/** The uploaded file's bytes: a multipart body with one non-empty file in the field `image`. */
const readUpload = async (request: FastifyRequest, maxBytes: number): Promise<Buffer> => {
  if (!request.isMultipart()) {
    throw new HttpProblem(
      415,
      'Unsupported Media Type',
      'Send the picture as multipart/form-data, in the field "image".',
    );
  }

  let bytes: Buffer;
  try {
    const file = await request.file();
    if (file?.fieldname !== 'image') {
      throw HttpProblem.badRequest('The picture goes in the field "image".', [
        { field: 'image', message: REQUIRED_MESSAGE },
      ]);
    }
    bytes = await file.toBuffer();
  } catch (error) {
    if ((error as { statusCode?: unknown }).statusCode === 413) {
      throw new HttpProblem(
        413,
        'Content Too Large',
        `The picture is larger than ${maxBytes} bytes.`,
      );
    }
    throw error;
  }
  if (bytes.length === 0) {
    throw HttpProblem.badRequest('The picture is empty.', [
      { field: 'image', message: REQUIRED_MESSAGE },
    ]);
  }
  return bytes;
};

/** The picture re-encoded in every width class; a refused one as the problem it is. */
const encodeUpload = async (
  bytes: Buffer,
  inTurn: ReturnType<typeof concurrencyLimit>,
  options: { maxPixels: number; format: OutputFormat },
) => {
  let images: Awaited<ReturnType<typeof processImage>>;
  try {
    images = await inTurn(() =>
      processImage(bytes, {
        maxPixels: options.maxPixels,
        widths: PICTURE_WIDTHS,
        format: options.format,
      }),
    );
  } catch (error) {
    if (!(error instanceof ImageRejected)) throw error;
    switch (error.reason) {
      case 'not-an-image':
        throw new HttpProblem(415, 'Unsupported Media Type', error.message);
      case 'too-many-pixels':
        throw new HttpProblem(413, 'Content Too Large', error.message);
      case 'unreadable':
        throw HttpProblem.badRequest(error.message, [{ field: 'image', message: error.message }]);
    }
  }
  return images;
};

/**
 * `POST /api/images`, multipart field `image`: a JPEG, PNG or WebP (by content), re-encoded
 * without its metadata into the width classes of `PICTURE_WIDTHS` and stored under
 * content-addressed names, one per class (see `processImage`). The answer's `url` is the
 * `MAIN_PICTURE_WIDTH` class's; `variants` lists every class with its real size.
 * Needs the `serviceTokens` plugin registered on a parent.
 */
export async function imagesRoutes(app: FastifyInstance, options: ImagesRoutesOptions) {
  const format = options.format ?? 'webp';
  const mayUpload = options.mayUpload ?? sellerOrAdmin;
  const inTurn = concurrencyLimit(options.maxConcurrent ?? 2);

  await app.register(multipart, {
    limits: { fileSize: options.maxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/images',
    {
      preHandler: app.authenticate,
      ...(options.rateLimit ? { config: { rateLimit: options.rateLimit } } : {}),
      // The form below is for the OpenAPI document only: Fastify never sees a multipart body
      // (the parser streams it), and the handler checks the real one.
      validatorCompiler: () => (data) => ({ value: data }),
      schema: {
        operationId: 'uploadImage',
        tags: ['commands'],
        summary: 'Upload a car picture',
        description:
          'multipart/form-data with one file field `image`: JPEG, PNG or WebP, recognised by ' +
          `content. At most ${options.maxBytes} bytes and ${options.maxPixels} pixels. ` +
          'Seller or Admin.',
        consumes: ['multipart/form-data'],
        body: uploadForm,
        security: [{ bearer: [] }],
        response: { 201: ImageUploadAnswer, ...problemAnswers(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const actor = request.actor;
      if (!actor) throw HttpProblem.unauthorized();
      if (!(await mayUpload(actor))) {
        throw HttpProblem.forbidden('Only sellers and admins upload car pictures.');
      }
      const bytes = await readUpload(request, options.maxBytes);
      const images = await encodeUpload(bytes, inTurn, { maxPixels: options.maxPixels, format });

      const variants = [];
      for (const image of images) {
        const url = await options.storage.put(image.name, image.bytes, image.contentType);
        variants.push({ url, width: image.width, height: image.height });
      }
      const main =
        variants[images.findIndex((image) => image.target === MAIN_PICTURE_WIDTH)] ?? variants[0]!;
      request.log.info(
        { uid: actor.uid, bytes: bytes.length, stored: variants.length },
        'image stored',
      );
      return reply.code(201).send({ success: true, data: { ...main, variants } });
    },
  );
}
