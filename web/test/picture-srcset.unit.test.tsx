// Pictures in all their widths: the `srcset` built from one address of a picture uploaded here,
// the `sizes` each place gives it, and the one address of any other picture. The network is
// stubbed at fetch (see harness.tsx).

import { ChakraProvider } from '@chakra-ui/react';
import type { CarRecord } from '@second-gear/features/contract';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { system } from '../src/app/theme.ts';
import { carCardSizes } from '../src/components/car-grid.tsx';
import { CarPicture } from '../src/components/car-picture.tsx';
import { srcSetOf } from '../src/components/picture-srcset.ts';
import { json, renderApp, stubApi } from './harness.tsx';

const hash = '3f2a9c0b7d1e4f5a6b7c8d9e0f1a2b3c4d5e6f70';
const other = '0a1b2c3d4e5f60718293a4b5c6d7e8f901234567';
const main = `/images/${hash}-w800.webp`;
const mainSrcSet =
  `/images/${hash}-w400.webp 400w, /images/${hash}-w800.webp 800w, ` +
  `/images/${hash}-w1600.webp 1600w`;

describe('srcSetOf', () => {
  it('names every width class from the main address', () => {
    expect(srcSetOf(main)).toBe(mainSrcSet);
  });

  it('names the same classes from the address of any class', () => {
    expect(srcSetOf(`/images/${hash}-w400.webp`)).toBe(mainSrcSet);
    expect(srcSetOf(`/images/${hash}-w1600.webp`)).toBe(mainSrcSet);
  });

  it('keeps the folder and the extension: a JPEG in S3 storage behind its CDN', () => {
    const base = 'https://cdn.example.com/cars/images';
    expect(srcSetOf(`${base}/${hash}-w800.jpg`)).toBe(
      `${base}/${hash}-w400.jpg 400w, ${base}/${hash}-w800.jpg 800w, ${base}/${hash}-w1600.jpg 1600w`,
    );
  });

  it.each([
    [`/images/${hash}.webp`, 'the plain name of an older upload'],
    ['https://images.example/cars/corolla.jpg', 'a picture on a listed host'],
    ['blob:http://localhost/5f0c2a4e-9d1b-4c7a-8e3f-2b6d1a0c9e7f', 'a file being chosen'],
    [`/images/${hash}-w1200.webp`, 'a width that is not a class'],
    [`/images/${hash}-w800.webp?v=2`, 'an address with a query'],
    [`/my images/${hash}-w800.webp`, 'an address with white space'],
    ['', 'no address'],
  ])('gives %s no srcset (%s)', (url) => {
    expect(srcSetOf(url)).toBeUndefined();
  });
});

const inChakra = (node: ReactNode) =>
  render(<ChakraProvider value={system}>{node}</ChakraProvider>);

describe('CarPicture', () => {
  it('gives a picture uploaded here every width and the sizes it is told', () => {
    inChakra(<CarPicture src={main} alt="Corolla" sizes="(min-width: 48em) 5rem, 4rem" />);
    const picture = screen.getByRole('img', { name: 'Corolla' });
    expect(picture).toHaveAttribute('src', main);
    expect(picture).toHaveAttribute('srcset', mainSrcSet);
    expect(picture).toHaveAttribute('sizes', '(min-width: 48em) 5rem, 4rem');
    expect(picture).toHaveAttribute('loading', 'lazy');
  });

  it('keeps a priority picture eager with its srcset', () => {
    inChakra(<CarPicture src={main} alt="Corolla" sizes="100vw" priority />);
    const picture = screen.getByRole('img', { name: 'Corolla' });
    expect(picture).toHaveAttribute('srcset', mainSrcSet);
    expect(picture).toHaveAttribute('loading', 'eager');
    expect(picture).toHaveAttribute('fetchpriority', 'high');
  });

  it.each([`/images/${hash}.webp`, 'https://images.example/cars/corolla.jpg'])(
    'shows %s from its one address, without srcset or sizes',
    (src) => {
      inChakra(<CarPicture src={src} alt="Corolla" sizes="100vw" />);
      const picture = screen.getByRole('img', { name: 'Corolla' });
      expect(picture).toHaveAttribute('src', src);
      expect(picture).not.toHaveAttribute('srcset');
      expect(picture).not.toHaveAttribute('sizes');
    },
  );
});

const car = (overrides: Partial<CarRecord> = {}): CarRecord => ({
  _id: 'car-1',
  name: 'Toyota Corolla',
  seller_name: 'Seller Person',
  email: 'seller@example.com',
  category: 'Sedan',
  image: main,
  images: [main, `/images/${other}-w800.webp`],
  original_price: 15000,
  price: 9000,
  location: 'Dhaka',
  use: 6,
  booked: 0,
  advertise: 1,
  sold: 0,
  seller_id: 'seller-1',
  seller_rating: { average: null, count: 0 },
  listed_at: '2026-11-01T10:00:00.000Z',
  expires_at: '2026-12-31T10:00:00.000Z',
  ...overrides,
});

describe('the sizes of each place', () => {
  it("a card's picture takes a column of the grid", async () => {
    stubApi({
      'GET /api/products/advertise': [car()],
      'GET /api/categories': [],
    });
    renderApp('/');
    const picture = await screen.findByRole('img', { name: 'Toyota Corolla' });
    expect(picture).toHaveAttribute('srcset', mainSrcSet);
    expect(picture).toHaveAttribute('sizes', carCardSizes);
    // On a phone a card is a row, its picture two fifths of the screen less the margins.
    expect(carCardSizes).toMatch(
      /^\(min-width: 80em\) 18rem, .*, calc\(\(100vw - 2rem\) \* 0\.4\)$/,
    );
  });

  it("the car page's large picture takes half the page from md, its thumbnails 4 or 5rem", async () => {
    stubApi({
      'GET /api/product/car-1': car(),
      'GET /api/product/car-1/price-history': json([], { headers: { 'X-Total-Count': '0' } }),
    });
    renderApp('/car/car-1');
    const gallery = await screen.findByRole('region', { name: 'Pictures of Toyota Corolla' });
    const large = within(gallery).getByRole('img', { name: 'Toyota Corolla, picture 1 of 2' });
    expect(large).toHaveAttribute('srcset', mainSrcSet);
    expect(large.getAttribute('sizes')).toMatch(
      /^\(min-width: 80em\) 37rem, .*\(min-width: 48em\) calc\(\(100vw - 5\.5rem\) \/ 2\), calc\(100vw - 2rem\)$/,
    );
    // A thumbnail's picture is decorative (alt=""): the button names it.
    const thumbnail = within(gallery)
      .getByRole('button', { name: 'Picture 2 of 2' })
      .querySelector('img');
    expect(thumbnail).toHaveAttribute('srcset', expect.stringContaining(`${other}-w400.webp 400w`));
    expect(thumbnail).toHaveAttribute('sizes', '(min-width: 48em) 5rem, 4rem');
  });

  it('a car with one picture shows it as large as the gallery would', async () => {
    stubApi({
      'GET /api/product/car-1': car({ images: [main] }),
      'GET /api/product/car-1/price-history': json([], { headers: { 'X-Total-Count': '0' } }),
    });
    renderApp('/car/car-1');
    const picture = await screen.findByRole('img', { name: 'Toyota Corolla' });
    expect(picture).toHaveAttribute('srcset', mainSrcSet);
    expect(picture.getAttribute('sizes')).toMatch(/^\(min-width: 80em\) 37rem, /);
  });
});
