import { describe, expect, it } from 'vitest';
import { PICTURE_WIDTHS, parsePictureName, pictureName } from '../src/contract/pictures.ts';

const hash = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';

describe('picture names', () => {
  it.each(PICTURE_WIDTHS)('reads back the name of the %d class', (width) => {
    const name = pictureName({ hash, width, extension: 'webp' });
    expect(name).toBe(`${hash}-w${width}.webp`);
    expect(parsePictureName(name)).toEqual({ hash, width, extension: 'webp' });
  });

  it('reads a JPEG class', () => {
    expect(parsePictureName(`${hash}-w400.jpg`)).toEqual({ hash, width: 400, extension: 'jpg' });
  });

  it.each([
    [`${hash}.webp`, 'the plain name of an older upload'],
    [`${hash}-w1200.webp`, 'a width that is not a class'],
    [`${hash}-w800.png`, 'another extension'],
    [`${hash.toUpperCase()}-w800.webp`, 'capital hex digits'],
    [`${hash.slice(1)}-w800.webp`, 'a shorter hash'],
    [`${hash}-w800.webp?v=2`, 'a query'],
    [`x${hash}-w800.webp`, 'more before the hash'],
  ])('takes %s for no class name (%s)', (name) => {
    expect(parsePictureName(name)).toBeUndefined();
  });
});
