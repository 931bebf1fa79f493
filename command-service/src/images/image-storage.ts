import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

/** Stored images never change: their names are hashes of their bytes. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Where re-encoded images go; `put` answers the public URL of the stored file. */
export type ImageStorage = {
  put(name: string, bytes: Buffer, contentType: string): Promise<string>;
  /**
   * Whether `url` is the address of a picture this storage holds, as `put` answered it: a car
   * may show only pictures uploaded here, never an address made up or taken from elsewhere.
   */
  issued(url: string): Promise<boolean>;
};

/** A stored file's name as `put` gives them: a hash, perhaps a width, an extension. */
const STORED_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*\.[a-z0-9]{2,5}$/;

/** The stored name `url` points at under `base/`, or undefined when it is not such an address. */
const storedNameOf = (url: string, base: string): string | undefined => {
  if (!url.startsWith(`${base}/`)) return undefined;
  const name = url.slice(base.length + 1);
  return STORED_NAME.test(name) ? name : undefined;
};

/** Positive answers are kept: a stored picture never changes or goes away while in use. */
const remembered = (look: (url: string) => Promise<boolean>) => {
  const known = new Set<string>();
  return async (url: string) => {
    if (known.has(url)) return true;
    const found = await look(url);
    if (found) {
      if (known.size >= 10_000) known.clear();
      known.add(url);
    }
    return found;
  };
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
    issued: remembered(async (url) => {
      const name = storedNameOf(url, publicPath);
      if (name === undefined) return false;
      return stat(join(options.dir, name)).then(
        (file) => file.isFile(),
        () => false,
      );
    }),
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
    issued: remembered(async (url) => {
      const key = url.startsWith(`${base}/`) ? url.slice(base.length + 1) : '';
      if (!key.startsWith(prefix) || !STORED_NAME.test(key.slice(prefix.length))) return false;
      try {
        await client.send(new HeadObjectCommand({ Bucket: options.bucket, Key: key }));
        return true;
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata
          ?.httpStatusCode;
        if (status === 404 || status === 403) return false;
        throw error;
      }
    }),
  };
}
