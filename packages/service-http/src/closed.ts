import type { ServerResponse } from 'node:http';

/**
 * Calls `done` once the answer is closed (sent, or its client gone). An answer whose client left
 * while it was being prepared has already emitted its one `close` event, which a listener added
 * now would never hear: `done` is then called at once.
 */
export const whenClosed = (res: ServerResponse, done: () => void): void => {
  if (res.closed || res.destroyed) queueMicrotask(done);
  else res.once('close', done);
};
