// A car shows only pictures uploaded here (or on a host configured as a picture store): an
// address made up or taken from elsewhere is a 400, field by field, and appends nothing.
import { carBody } from '@second-gear/features/test/matrix';
import { useAuthEmulator } from '@second-gear/identity/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backends,
  multipartBody,
  startWorld,
  type TestUser,
  titleOf,
  type World,
} from './support.ts';

const emulator = useAuthEmulator();
const NOT_ISSUED =
  'Not a picture uploaded here: upload it with POST /api/images and use the address it answers';

// One backend is enough: the check runs before the command reaches the store.
const [backend] = await backends();

describe.skipIf(!backend || backend.skipReason)(
  `car pictures must be issued here: ${backend ? titleOf(backend) : ''}`,
  () => {
    let world: World;
    let dispose: () => Promise<void>;
    let seller: TestUser;
    let category: string;
    let uploaded: { url: string; variants: { url: string }[] };

    beforeAll(async () => {
      if (!backend) return;
      const opened = await backend.open();
      dispose = opened.dispose;
      // Only `images.example` is a listed host (see support.ts).
      world = await startWorld(opened.store, emulator);
      const admin = await world.user('Admin');
      seller = await world.user('Seller');
      category = await world.category(admin);
      const jpeg = await sharp({
        create: { width: 900, height: 600, channels: 3, background: '#2e86c1' },
      })
        .jpeg()
        .toBuffer();
      const { payload, headers } = multipartBody('image', jpeg);
      const answer = await world.call('POST', '/api/images', {
        token: seller.token,
        body: payload,
        headers,
      });
      expect(answer.statusCode, answer.body).toBe(201);
      uploaded = answer.json().data;
    }, 60_000);
    afterAll(async () => {
      await world?.close();
      await dispose?.();
    });

    const list = (body: Record<string, unknown>) =>
      world.call('POST', '/api/product', {
        token: seller.token,
        body: { ...carBody(category), ...body },
      });

    it('lists a car with a picture uploaded here, in any of its widths', async () => {
      const answer = await list({
        image: uploaded.url,
        images: uploaded.variants.map((variant) => variant.url),
      });
      expect(answer.statusCode, answer.body).toBe(201);
    });

    it('takes addresses on a listed picture host as they are', async () => {
      expect((await list({ image: 'https://images.example/elsewhere.jpg' })).statusCode).toBe(201);
    });

    it.each([
      ['a made-up name in the pictures path', '/images/0000000000000000.webp'],
      ['a page on another site', 'https://example.com/nope.jpg'],
      ['a path out of the pictures directory', '/images/../jwt-secret'],
      ['a listed host with credentials', 'https://user:pass@images.example/x.jpg'],
      ['another scheme', 'ftp://images.example/x.jpg'],
    ])('refuses %s, appending nothing', async (_what, image) => {
      const before = await world.head();
      const answer = await list({ image });
      expect(answer.statusCode).toBe(400);
      expect(answer.headers['content-type']).toContain('application/problem+json');
      expect(answer.json().errors).toEqual([
        { field: 'image', message: expect.stringMatching(/^(Not a picture|Must be)/) },
      ]);
      expect(await world.head()).toBe(before);
    });

    it('names each picture of a gallery that was not issued here', async () => {
      const before = await world.head();
      const answer = await list({
        image: uploaded.url,
        images: [uploaded.url, 'https://example.com/a.jpg', '/images/ffffffffffffffff.webp'],
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().errors).toEqual([
        { field: 'images.1', message: NOT_ISSUED },
        { field: 'images.2', message: NOT_ISSUED },
      ]);
      expect(await world.head()).toBe(before);
    });

    it('refuses an edit of the gallery to a picture not issued here', async () => {
      const carId = await world.car(seller, category, { image: uploaded.url });
      const before = await world.head();
      const answer = await world.call('PATCH', `/api/product/${carId}`, {
        token: seller.token,
        body: { images: ['https://example.com/swap.jpg', uploaded.url] },
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().errors).toEqual([{ field: 'images.0', message: NOT_ISSUED }]);
      expect(await world.head()).toBe(before);
    });
  },
);
