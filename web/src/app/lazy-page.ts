import type { ComponentType } from 'react';

/** A route's script chunk must arrive within 120 seconds; after that the route shows its error. */
const CHUNK_TIMEOUT_MS = 120_000;

export type ChunkFailure = 'missing' | 'timeout' | 'error';

export class ChunkLoadError extends Error {
  readonly chunk: string;
  readonly type: ChunkFailure;

  constructor(chunk: string, type: ChunkFailure) {
    super(`Loading chunk ${chunk} failed.`);
    this.name = 'ChunkLoadError';
    this.chunk = chunk;
    this.type = type;
  }
}

/** A route's `lazy`: loads the page module (its own chunk) with a time-out. */
export function lazyPage(chunk: string, load: () => Promise<{ default: ComponentType }>) {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ChunkLoadError(chunk, 'timeout')), CHUNK_TIMEOUT_MS);
    });
    try {
      const module = await Promise.race([load(), timeout]);
      return { Component: module.default };
    } catch (error) {
      if (error instanceof ChunkLoadError) throw error;
      // A failed dynamic import is a TypeError: the file is gone (e.g. after a new release).
      throw new ChunkLoadError(chunk, error instanceof TypeError ? 'missing' : 'error');
    } finally {
      clearTimeout(timer);
    }
  };
}
