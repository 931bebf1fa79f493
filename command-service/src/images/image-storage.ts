import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

/** Stored images never change: their names are hashes of their bytes. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Where re-encoded images go; `put` answers the public URL of the stored file. */
export type ImageStorage = {
  put(name: string, bytes: Buffer, contentType: string): Promise<string>;
};

export type LocalImageStorageOptions = {
  dir: string;
  /** URL path the files are served under (see `serveLocalImages`). Default `/images`. */
  publicPath?: string;
};

/** The default storage: a local directory, served by this service under `/images/`. */
export function localImageStorage(options: LocalImageStorageOptions): ImageStorage {
  const publicPath = (options.publicPath ?? '/images').replace(/\/+$/, '');
  let ready: Promise<unknown> | undefined;
  return {
    async put(name, bytes) {
      ready ??= mkdir(options.dir, { recursive: true });
      await ready;
      const target = join(options.dir, name);
      const exists = await stat(target).then(
        () => true,
        () => false,
      );
      if (!exists) {
        // Written aside and renamed, so a reader never sees half a file.
        const partial = `${target}.${randomUUID()}.partial`;
        try {
          await writeFile(partial, bytes);
          await rename(partial, target);
        } finally {
          await rm(partial, { force: true });
        }
      }
      return `${publicPath}/${name}`;
    },
  };
}

export type S3ImageStorageOptions = {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, R2, ...); AWS when absent. */
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Public URL of the bucket (or the CDN in front of it), e.g. `https://cdn.example.com/cars`. */
  publicBaseUrl: string;
  /** Key prefix inside the bucket, e.g. `images/`. */
  prefix?: string;
  /** Path-style URLs, which most S3-compatible services need. Default: when an endpoint is set. */
  forcePathStyle?: boolean;
};

/** S3-compatible object storage, chosen by configuration. */
export function s3ImageStorage(options: S3ImageStorageOptions): ImageStorage {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    forcePathStyle: options.forcePathStyle ?? options.endpoint !== undefined,
  });
  const prefix = options.prefix ?? '';
  const base = options.publicBaseUrl.replace(/\/+$/, '');
  return {
    async put(name, bytes, contentType) {
      const key = `${prefix}${name}`;
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          CacheControl: IMMUTABLE_CACHE_CONTROL,
        }),
      );
      return `${base}/${key}`;
    },
  };
}
