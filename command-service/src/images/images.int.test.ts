import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { PICTURE_WIDTHS, parsePictureName } from '@second-gear/features/contract';
import { type Actor, serviceTokens } from '@second-gear/identity';
import { createServiceApp, type ServiceApp } from '@second-gear/service-http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IMMUTABLE_CACHE_CONTROL,
  type ImageStorage,
  imagesRoutes,
  localImageStorage,
  multipartFileBody,
  serveLocalImages,
} from './index.ts';

const MAX_BYTES = 2 * 1024 * 1024;
const MAX_PIXELS = 40_000_000;
const seller: Actor = { uid: 'seller-1', email: 'seller@example.com', role: 'Seller' };
const buyer: Actor = { uid: 'buyer-1', email: 'buyer@example.com', role: 'Buyer' };

let app: ServiceApp;
let dir: string;
let storage: ImageStorage;
let sellerToken: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'second-gear-images-'));
  storage = localImageStorage({ dir });
  app = await createServiceApp({
    name: 'images-test',
    logger: false,
    openapi: { jsonPath: '/api/openapi/commands.json', title: 'Images' },
  });
  await app.register(serviceTokens, { secret: 'images-test-secret-long-enough-0123456789' });
  await app.register(imagesRoutes, {
    storage,
    maxBytes: MAX_BYTES,
    maxPixels: MAX_PIXELS,
  });
  await app.register(serveLocalImages, { dir });
  await app.ready();
  sellerToken = app.serviceTokens.sign(seller);
});

afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

function upload(
  bytes: Buffer,
  { field = 'image', filename = 'car.jpg', type = 'image/jpeg', token = sellerToken } = {},
) {
  const { payload, headers } = multipartFileBody({ field, filename, contentType: type, bytes });
  return app.inject({
    method: 'POST',
    url: '/api/images',
    headers: {
      ...headers,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload,
  });
}

// Reads the TIFF structure of an EXIF block far enough to say whether it points to GPS data.
function hasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.toString('latin1', 0, 4) === 'Exif' ? exif.subarray(6) : exif;
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  const entries = u16(ifd0);
  for (let index = 0; index < entries; index += 1) {
    const entry = ifd0 + 2 + index * 12;
    if (u16(entry) === 0x8825) {
      const gps = u32(entry + 8);
      return u16(gps) > 0;
    }
  }
  return false;
}

async function photo(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 180, g: 40, b: 40 } } });
}

// A PNG of a single pixel whose header then claims width × height: tiny in bytes, enormous in
// pixels, as a decompression bomb would be.
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await (await photo(1, 1)).png().toBuffer());
  // Signature (8), IHDR length (4), "IHDR" (4), then width and height.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

type Stored = { url: string; width: number; height: number };

/** Each variant with the hash and the width class its name tells; every name must tell them. */
function namesOf(variants: Stored[]) {
  return variants.map((stored) => {
    const parts = parsePictureName(stored.url.slice('/images/'.length));
    if (!parts) throw new Error(`${stored.url} is not the name of a width class`);
    return { ...stored, hash: parts.hash, target: parts.width };
  });
}

describe('POST /api/images', () => {
  it('re-encodes a JPEG with GPS EXIF into widths that carry no metadata', async () => {
    const source = await (await photo(2000, 1500))
      .jpeg()
      .withExif({
        IFD0: { Make: 'RoadCam', Model: 'Dashboard 2' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '23/1 48/1 30/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '90/1 24/1 15/1',
        },
      })
      .toBuffer();
    expect(hasGps((await sharp(source).metadata()).exif)).toBe(true);

    const response = await upload(source, { filename: 'IMG_0042.JPG' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data.variants.map((stored: { width: number }) => stored.width)).toEqual([
      400, 800, 1600,
    ]);
    expect(body.data).toMatchObject({ width: 800, height: 600 });
    expect(body.data.url).toMatch(/^\/images\/[0-9a-f]{40}-w800\.webp$/);

    for (const stored of body.data.variants) {
      const served = await app.inject({ method: 'GET', url: stored.url });
      expect(served.statusCode).toBe(200);
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.width).toBe(stored.width);
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(served.rawPayload.includes('RoadCam')).toBe(false);
    }
    expect((await readdir(dir)).filter((name) => name.endsWith('.partial'))).toEqual([]);
  });

  it('names every width class of one upload from one hash, each stored and issued', async () => {
    const jpeg = await (await photo(1800, 1200)).jpeg().toBuffer();
    const { data } = (await upload(jpeg)).json();
    const names = namesOf(data.variants);
    expect(names.map((name) => name.target)).toEqual([...PICTURE_WIDTHS]);
    expect(names.map((name) => name.width)).toEqual([400, 800, 1600]);
    expect(new Set(names.map((name) => name.hash)).size).toBe(1);
    expect(data.url).toBe(`/images/${names[0]?.hash}-w800.webp`);

    const etags = new Set<string>();
    for (const stored of data.variants as Stored[]) {
      expect(await storage.issued(stored.url)).toBe(true);
      const served = await app.inject({ method: 'GET', url: stored.url });
      expect(served.statusCode).toBe(200);
      expect((await sharp(served.rawPayload).metadata()).width).toBe(stored.width);
      etags.add(served.headers.etag as string);
    }
    // One hash, yet each class its own entity tag: a cache never takes one width for another.
    expect(etags.size).toBe(3);
    expect(await readdir(dir)).toEqual(
      expect.arrayContaining(names.map((name) => `${name.hash}-w${name.target}.webp`)),
    );
  });

  it('writes every class of an upload narrower than 800, each holding the upload', async () => {
    const png = await (await photo(300, 200)).png().toBuffer();
    const response = await upload(png, { filename: 'car.png', type: 'image/png' });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({ width: 300, height: 200 });
    const names = namesOf(data.variants);
    expect(names.map((name) => name.target)).toEqual([400, 800, 1600]);
    expect(new Set(names.map((name) => name.hash)).size).toBe(1);
    expect(data.url).toBe(names[1]?.url);
    for (const stored of data.variants as Stored[]) {
      expect(stored).toMatchObject({ width: 300, height: 200 });
      expect(await storage.issued(stored.url)).toBe(true);
      const served = await app.inject({ method: 'GET', url: stored.url });
      // Never enlarged: every class holds the upload's own 300 pixels.
      expect((await sharp(served.rawPayload).metadata()).width).toBe(300);
    }
  });

  it('writes the 1600 class of an upload narrower than 1600 with its own width', async () => {
    const webp = await (await photo(1000, 750)).webp().toBuffer();
    const { data } = (await upload(webp, { type: 'image/webp' })).json();
    const names = namesOf(data.variants);
    expect(names.map((name) => [name.target, name.width])).toEqual([
      [400, 400],
      [800, 800],
      [1600, 1000],
    ]);
    expect(data).toMatchObject({ width: 800, height: 600 });
    const widest = await app.inject({ method: 'GET', url: names[2]?.url ?? '' });
    expect(widest.statusCode).toBe(200);
    expect((await sharp(widest.rawPayload).metadata()).width).toBe(1000);
    expect(await storage.issued(names[2]?.url ?? '')).toBe(true);
  });

  it('accepts a WebP, whatever name and type the client declares', async () => {
    const webp = await (await photo(500, 400)).webp().toBuffer();
    const response = await upload(webp, { filename: 'car.gif', type: 'application/octet-stream' });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.variants.map((stored: { width: number }) => stored.width)).toEqual([
      400, 500, 500,
    ]);
  });

  it('stores the same picture once, under the same names; another under others', async () => {
    const png = await (await photo(320, 240)).png().toBuffer();
    const first = (await upload(png, { type: 'image/png' })).json();
    const second = (await upload(png, { type: 'image/png' })).json();
    expect(second.data.variants).toEqual(first.data.variants);
    const other = await sharp({
      create: { width: 320, height: 240, channels: 3, background: '#2e86c1' },
    })
      .png()
      .toBuffer();
    const third = (await upload(other, { type: 'image/png' })).json();
    const hashOf = (answer: { data: { url: string } }) =>
      parsePictureName(answer.data.url.slice('/images/'.length))?.hash;
    expect(hashOf(third)).not.toBe(hashOf(first));
  });

  it('handles several uploads at once', async () => {
    const pictures = await Promise.all(
      [100, 110, 120, 130, 140].map(async (width) => (await photo(width, 80)).png().toBuffer()),
    );
    const answers = await Promise.all(pictures.map((png) => upload(png, { type: 'image/png' })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(answers.map((answer) => answer.json().data.width)).toEqual([100, 110, 120, 130, 140]);
  });

  it('refuses a text file named .jpg (415)', async () => {
    const response = await upload(Buffer.from('this is not a car picture\n'.repeat(20)), {
      filename: 'car.jpg',
      type: 'image/jpeg',
    });
    expect(response.statusCode).toBe(415);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('refuses a GIF, which is not one of the formats taken (415)', async () => {
    const gif = await (await photo(10, 10)).gif().toBuffer();
    expect((await upload(gif, { type: 'image/gif' })).statusCode).toBe(415);
  });

  it('refuses a file that starts like a JPEG but is not one (400)', async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const response = await upload(broken);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].field).toBe('image');
  });

  it('refuses an image of enormous pixel dimensions before decoding it (413)', async () => {
    const bomb = await pngClaiming(30_000, 30_000);
    expect(bomb.length).toBeLessThan(200);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(30_000);
    const response = await upload(bomb, { type: 'image/png' });
    expect(response.statusCode).toBe(413);
    expect(response.json().detail).toMatch(/30000×30000/);
  });

  it('refuses a file over the byte limit (413)', async () => {
    const large = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(MAX_BYTES + 10)]);
    const response = await upload(large);
    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('asks for the field "image" (400)', async () => {
    const png = await (await photo(10, 10)).png().toBuffer();
    const response = await upload(png, { field: 'photo' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'image', message: 'This field is required' }]);
  });

  it('refuses a body that is not multipart (415)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/images',
      headers: { authorization: `Bearer ${sellerToken}`, 'content-type': 'application/json' },
      payload: { image: 'https://example.com/car.jpg' },
    });
    expect(response.statusCode).toBe(415);
  });

  it('refuses anonymous callers (401) and buyers (403)', async () => {
    const png = await (await photo(10, 10)).png().toBuffer();
    const anonymous = await upload(png, { token: '' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((await upload(png, { token: app.serviceTokens.sign(buyer) })).statusCode).toBe(403);
    const admin = app.serviceTokens.sign({ uid: 'a', email: 'admin@example.com', role: 'Admin' });
    expect((await upload(png, { token: admin })).statusCode).toBe(201);
  });
});

describe('the OpenAPI document', () => {
  it('describes the upload as multipart with its answer', async () => {
    const document = (
      await app.inject({ method: 'GET', url: '/api/openapi/commands.json' })
    ).json();
    const upload = document.paths['/api/images'].post;
    expect(upload.requestBody.content['multipart/form-data'].schema.properties.image).toMatchObject(
      { type: 'string', format: 'binary' },
    );
    const answer = upload.responses['201'].content['application/json'].schema;
    expect(answer.properties.data.required).toContain('url');
    expect(document.paths['/images/{name}']).toBeUndefined();
  });
});

describe('GET /images/:name', () => {
  it('serves a stored file with a year-long immutable cache', async () => {
    const png = await (await photo(64, 64)).png().toBuffer();
    const { url } = (await upload(png, { type: 'image/png' })).json().data;
    const served = await app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(served.headers['content-type']).toBe('image/webp');
    const etag = served.headers.etag as string;
    const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it('still serves a picture under a plain name of an older upload', async () => {
    const name = `${'0123456789'.repeat(4)}.webp`;
    await writeFile(join(dir, name), await (await photo(16, 16)).webp().toBuffer());
    const served = await app.inject({ method: 'GET', url: `/images/${name}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers.etag).toBe(`"${'0123456789'.repeat(4)}"`);
    expect(await storage.issued(`/images/${name}`)).toBe(true);
  });

  it('answers 404 for unknown or invalid names', async () => {
    expect(
      (await app.inject({ method: 'GET', url: `/images/${'a'.repeat(40)}.webp` })).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: `/images/${'a'.repeat(40)}-w800.webp` })).statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/images/..%2Fpackage.json' })).statusCode).toBe(
      404,
    );
  });
});
