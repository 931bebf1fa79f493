// The names of uploaded car pictures, shared by the service that makes them and the web that
// builds a `srcset` from one of them.

/**
 * The width classes every upload is stored in, in pixels, narrowest first. Each class is always
 * written, even for an upload narrower than it (it then holds the upload's own width), so the
 * address of any one class names them all.
 */
export const PICTURE_WIDTHS = [400, 800, 1600] as const;
export type PictureWidth = (typeof PICTURE_WIDTHS)[number];

/** The class whose address `POST /api/images` answers as `url`, the one a car keeps. */
export const MAIN_PICTURE_WIDTH: PictureWidth = 800;

/** The file types pictures are stored as, by extension. */
export const PICTURE_EXTENSIONS = ['webp', 'jpg'] as const;
export type PictureExtension = (typeof PICTURE_EXTENSIONS)[number];

/** The parts of a stored picture's name. */
export interface PictureName {
  /** 40 hex digits of SHA-256, shared by every class of one upload. */
  hash: string;
  width: PictureWidth;
  extension: PictureExtension;
}

/** The file name of one class of an upload: `<hash>-w<width>.<extension>`. */
export const pictureName = ({ hash, width, extension }: PictureName): string =>
  `${hash}-w${width}.${extension}`;

const NAME = /^([0-9a-f]{40})-w([0-9]{1,5})\.([a-z]{3,4})$/;

const isWidth = (width: number): width is PictureWidth =>
  (PICTURE_WIDTHS as readonly number[]).includes(width);

const isExtension = (extension: string): extension is PictureExtension =>
  (PICTURE_EXTENSIONS as readonly string[]).includes(extension);

/**
 * The parts of a file name made by `pictureName`, or undefined for any other name (an older
 * picture's plain `<hash>.webp`, a picture from elsewhere).
 */
export function parsePictureName(name: string): PictureName | undefined {
  const match = NAME.exec(name);
  if (!match) return undefined;
  const [, hash = '', digits = '', extension = ''] = match;
  const width = Number(digits);
  if (!isWidth(width) || !isExtension(extension)) return undefined;
  return { hash, width, extension };
}
