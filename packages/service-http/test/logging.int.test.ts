import { describe, expect, it } from 'vitest';
import { createServiceApp, loggerOptions } from '../src/index.ts';

describe('request logging', () => {
  it('writes one JSON line per request, with its duration, and logs failures', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = await createServiceApp({
      name: 'logged-service',
      logger: { stream: { write: (line) => lines.push(JSON.parse(line)) } },
    });
    app.get('/api/cars', async () => []);
    app.get('/api/broken', async () => {
      throw new Error('the disk is full');
    });
    await app.ready();
    await app.inject({ method: 'GET', url: '/api/cars' });
    await app.inject({ method: 'GET', url: '/health' });
    await app.inject({ method: 'GET', url: '/api/broken' });
    await app.close();

    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({
      service: 'logged-service',
      method: 'GET',
      url: '/api/cars',
      status: 200,
    });
    expect(typeof requests[0]!.ms).toBe('number');
    expect(requests[1]).toMatchObject({ url: '/api/broken', status: 500 });
    const failure = lines.find((line) => line.msg === 'request failed');
    expect(failure?.err).toMatchObject({ message: 'the disk is full' });
    expect(lines.some((line) => line.msg === 'incoming request')).toBe(false);
  });

  it('logs JSON when not writing to a terminal', () => {
    expect(loggerOptions({ level: 'debug', pretty: false })).toEqual({ level: 'debug' });
  });
});
