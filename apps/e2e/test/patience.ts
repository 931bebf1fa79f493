/**
 * How long a user is willing to wait for something to appear: the browser's own waits (the
 * harness) and every `expect.poll` of the browser tests (the project's config) take it.
 */
export const PATIENCE_MS = 30_000;
