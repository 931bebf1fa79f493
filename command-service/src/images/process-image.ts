import { createHash } from 'node:crypto';
import {
  type PictureExtension,
  type PictureWidth,
  pictureName,
} from '@second-gear/features/contract';
import sharp, { type OutputInfo } from 'sharp';

export type ImageFormat = 'jpeg' | 'png' | 'webp';
export type OutputFormat = 'webp' | 'jpeg';

export type EncodedImage = {
  /** The width class it was made for, which its name tells. */
  target: PictureWidth;
  /** Its real width: the class's, or the upload's when that is narrower. */
  width: number;
  height: number;
  /** `<hash>-w<target>.<extension>`, the hash shared by every class of the upload. */
  name: string;
  contentType: string;
  bytes: Buffer;
};

/** Why an upload is refused; the route turns each into its HTTP answer. */
export class ImageRejected extends Error {
  readonly reason: 'not-an-image' | 'too-many-pixels' | 'unreadable';

  constructor(reason: ImageRejected['reason'], message: string) {
    super(message);
    this.name = 'ImageRejected';
    this.reason = reason;
  }
}

/**
 * The format of an upload, from its first bytes alone: never from its name or declared type.
 * Only the three formats the product takes are recognised.
 */
export function sniffImageFormat(bytes: Buffer): ImageFormat | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'jpeg';
  }
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return undefined;
}

export type ProcessImageOptions = {
  maxPixels: number;
  /** The width classes, each named in the picture's names (see `PICTURE_WIDTHS`). */
  widths: readonly PictureWidth[];
  format: OutputFormat;
};

/**
 * Checks an upload and re-encodes it into the given width classes, never enlarging it.
 * Re-encoding drops every piece of metadata (EXIF, GPS, XMP, comments); the orientation EXIF
 * asked for is applied to the pixels first, so the picture still stands the right way up.
 *
 * Every class is made, even one wider than the upload: it then holds the same bytes as the
 * widest class the upload fills. A web page knows the classes and builds a picture's `srcset`
 * from the one address a car keeps, so each class must exist; a browser choosing a class wide
 * enough for the screen then gets the sharpest picture there is. Writing the classes the upload
 * cannot fill costs a few duplicate files, where naming the classes by the widths made would
 * leave the page unable to tell which exist.
 *
 * Every class is named by one hash of all the encoded bytes (each class's bytes in turn, framed
 * by its class and length) with its class: `<hash>-w400.webp`, `<hash>-w800.webp`, ... A name
 * thus never stands for other bytes, even after the encoder or its settings change, and the
 * same upload encoded the same way gets the same names.
 */
export async function processImage(
  bytes: Buffer,
  options: ProcessImageOptions,
): Promise<EncodedImage[]> {
  const sniffed = sniffImageFormat(bytes);
  if (!sniffed) {
    throw new ImageRejected('not-an-image', 'The file is not a JPEG, PNG or WebP image.');
  }
  // The header alone tells the dimensions; nothing is decoded before they are checked.
  let width: number;
  let height: number;
  try {
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (metadata.format !== sniffed) throw new Error(`format ${metadata.format}`);
    width = metadata.autoOrient?.width ?? metadata.width;
    height = metadata.autoOrient?.height ?? metadata.height;
  } catch {
    throw new ImageRejected('unreadable', 'The image could not be read.');
  }
  if (width * height > options.maxPixels) {
    throw new ImageRejected(
      'too-many-pixels',
      `The image is ${width}×${height} pixels; at most ${options.maxPixels} pixels are accepted.`,
    );
  }

  const targets = [...new Set(options.widths)].sort((a, b) => a - b);
  // One encoding per width made: the classes wider than the upload share the widest.
  const made = new Map<number, { data: Buffer; info: OutputInfo }>();
  for (const target of targets) {
    const scaled = Math.min(target, width);
    if (made.has(scaled)) continue;
    let pipeline = sharp(bytes, { limitInputPixels: options.maxPixels, failOn: 'error' })
      .autoOrient()
      .resize({ width: scaled, withoutEnlargement: true });
    pipeline =
      options.format === 'webp'
        ? pipeline.webp({ quality: 80 })
        : pipeline.jpeg({ quality: 82, mozjpeg: true });
    try {
      made.set(scaled, await pipeline.toBuffer({ resolveWithObject: true }));
    } catch {
      throw new ImageRejected('unreadable', 'The image could not be decoded.');
    }
  }
  const outputOf = (target: number) => made.get(Math.min(target, width))!;

  const digest = createHash('sha256');
  for (const target of targets) {
    const { data } = outputOf(target);
    digest.update(`w${target}:${data.length}:`).update(data);
  }
  const hash = digest.digest('hex').slice(0, 40);
  const extension: PictureExtension = options.format === 'webp' ? 'webp' : 'jpg';
  return targets.map((target) => {
    const { data, info } = outputOf(target);
    return {
      target,
      width: info.width,
      height: info.height,
      name: pictureName({ hash, width: target, extension }),
      contentType: `image/${options.format}`,
      bytes: data,
    };
  });
}
