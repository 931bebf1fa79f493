import { createHash } from 'node:crypto';
import sharp, { type OutputInfo } from 'sharp';

export type ImageFormat = 'jpeg' | 'png' | 'webp';
export type OutputFormat = 'webp' | 'jpeg';

export type EncodedImage = {
  width: number;
  height: number;
  /** Content address: a hash of the bytes, with the format's extension. */
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
  widths: readonly number[];
  format: OutputFormat;
};

/**
 * Checks an upload and re-encodes it into the given widths (never wider than the original).
 * Re-encoding drops every piece of metadata (EXIF, GPS, XMP, comments); the orientation EXIF
 * asked for is applied to the pixels first, so the picture still stands the right way up.
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

  const targets = [...new Set(options.widths.map((target) => Math.min(target, width)))].sort(
    (a, b) => a - b,
  );
  const encoded: EncodedImage[] = [];
  for (const target of targets) {
    let pipeline = sharp(bytes, { limitInputPixels: options.maxPixels, failOn: 'error' })
      .autoOrient()
      .resize({ width: target, withoutEnlargement: true });
    pipeline =
      options.format === 'webp'
        ? pipeline.webp({ quality: 80 })
        : pipeline.jpeg({ quality: 82, mozjpeg: true });
    let output: { data: Buffer; info: OutputInfo };
    try {
      output = await pipeline.toBuffer({ resolveWithObject: true });
    } catch {
      throw new ImageRejected('unreadable', 'The image could not be decoded.');
    }
    const hash = createHash('sha256').update(output.data).digest('hex').slice(0, 40);
    const extension = options.format === 'webp' ? 'webp' : 'jpg';
    encoded.push({
      width: output.info.width,
      height: output.info.height,
      name: `${hash}.${extension}`,
      contentType: `image/${options.format}`,
      bytes: output.data,
    });
  }
  return encoded;
}
