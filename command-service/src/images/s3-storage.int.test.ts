import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE_CACHE_CONTROL, s3ImageStorage } from './index.ts';

// No S3-compatible service runs on this machine, so this endpoint stands in for one: it records
// the requests the real S3 client sends, which is what the adapter decides.
type Received = { method: string; url: string; headers: IncomingMessage['headers']; body: Buffer };
const received: Received[] = [];
let server: Server;
let endpoint: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response.writeHead(200, { etag: '"stored"' }).end();
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((closed) => server.close(closed));
});

describe('s3ImageStorage', () => {
  it('puts the bytes under the prefix, typed and cacheable, and answers the public URL', async () => {
    const storage = s3ImageStorage({
      bucket: 'car-pictures',
      region: 'auto',
      endpoint,
      credentials: { accessKeyId: 'test-key', secretAccessKey: 'test-secret' },
      publicBaseUrl: 'https://cdn.example.com/cars/',
      prefix: 'images/',
    });
    const bytes = Buffer.from('webp bytes');
    const url = await storage.put('0123456789abcdef0123.webp', bytes, 'image/webp');
    expect(url).toBe('https://cdn.example.com/cars/images/0123456789abcdef0123.webp');

    expect(received).toHaveLength(1);
    const [put] = received;
    expect(put?.method).toBe('PUT');
    expect(put?.url.split('?')[0]).toBe('/car-pictures/images/0123456789abcdef0123.webp');
    expect(put?.headers['content-type']).toBe('image/webp');
    expect(put?.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(put?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=test-key\//);
    expect(put?.body.toString()).toContain('webp bytes');
  });

  it('takes the name of a width class under the prefix as issued when the bucket has it', async () => {
    const storage = s3ImageStorage({
      bucket: 'car-pictures',
      region: 'auto',
      endpoint,
      credentials: { accessKeyId: 'test-key', secretAccessKey: 'test-secret' },
      publicBaseUrl: 'https://cdn.example.com/cars',
      prefix: 'images/',
    });
    received.length = 0;
    const name = `${'0123456789abcdef'.repeat(2)}01234567-w1600.webp`;
    expect(await storage.issued(`https://cdn.example.com/cars/images/${name}`)).toBe(true);
    expect(received.map((request) => [request.method, request.url.split('?')[0]])).toEqual([
      ['HEAD', `/car-pictures/images/${name}`],
    ]);
    // Outside the prefix, nothing is asked.
    expect(await storage.issued(`https://cdn.example.com/cars/${name}`)).toBe(false);
    expect(received).toHaveLength(1);
  });
});
