import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, lazyPage } from '../src/app/lazy-page.ts';

const Page = () => null;

afterEach(() => {
  vi.useRealTimers();
});

describe('lazy route chunks', () => {
  it('give the page module as the route Component', async () => {
    const route = await lazyPage('home', async () => ({ default: Page }))();
    expect(route.Component).toBe(Page);
  });

  it('fail with "Loading chunk {id} failed." after 120 s', async () => {
    vi.useFakeTimers();
    const loading = lazyPage('blog', () => new Promise(() => {}))();
    const failure = expect(loading).rejects.toMatchObject({
      message: 'Loading chunk blog failed.',
      type: 'timeout',
    });
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS);
    await failure;
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('name a missing chunk', async () => {
    const error = await lazyPage('login', () =>
      Promise.reject(new TypeError('Failed to fetch')),
    )().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ message: 'Loading chunk login failed.', type: 'missing' });
  });
});
