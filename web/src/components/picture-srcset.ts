// From one address of a picture uploaded here, the `srcset` naming all its widths.
// The names alone, not the contract's schemas: every page's first download carries this module.
import {
  PICTURE_WIDTHS,
  parsePictureName,
  pictureName,
} from '@second-gear/features/contract/pictures';

/**
 * The `srcset` of a picture stored under the names of width classes (`<hash>-w800.webp`, see
 * `PICTURE_WIDTHS`): every class, from the address of any one, each with its class as its
 * width (`.../<hash>-w400.webp 400w, ...`). The service writes every class of an upload, a class
 * wider than the upload holding the upload's own width, so each address named here exists. The
 * folder is kept as it is: a picture in the S3 storage (behind its CDN) gets its classes there.
 *
 * Undefined for any other address: a plain `<hash>.webp` of an older upload, a picture on
 * another host, a file being chosen (`blob:`), an address with a query (never one made here)
 * or with white space (which a `srcset` cannot hold). Such a picture is shown from its one
 * address.
 */
export function srcSetOf(url: string): string | undefined {
  if (/[\s?#]/.test(url)) return undefined;
  const slash = url.lastIndexOf('/');
  const name = parsePictureName(url.slice(slash + 1));
  if (!name) return undefined;
  const folder = url.slice(0, slash + 1);
  return PICTURE_WIDTHS.map(
    (width) => `${folder}${pictureName({ ...name, width })} ${width}w`,
  ).join(', ');
}
