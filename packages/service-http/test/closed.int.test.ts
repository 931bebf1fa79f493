// A stream opened after an await must still learn that its client has gone, even when the client
// left during that await and the answer's one `close` event came and went.
import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { whenClosed } from '../src/closed.ts';

describe('whenClosed', () => {
  it('hears a client that left before the listener was added, and one that leaves after', async () => {
    const answers: ServerResponse[] = [];
    const arrived = new Set<() => void>();
    const server = createServer((_req, res) => {
      answers.push(res);
      for (const tell of arrived) tell();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const request = async () => {
      const controller = new AbortController();
      const reached = new Promise<void>((done) => arrived.add(done));
      const answer = fetch(url, { signal: controller.signal }).catch(() => undefined);
      await reached;
      return { abort: () => controller.abort(), answer };
    };
    try {
      const gone = await request();
      gone.abort();
      await gone.answer;
      const early = answers.at(-1) as ServerResponse;
      if (!early.closed) await once(early, 'close');
      const heardEarly = new Promise<string>((done) => whenClosed(early, () => done('heard')));
      expect(await heardEarly).toBe('heard');

      const staying = await request();
      const late = answers.at(-1) as ServerResponse;
      late.writeHead(200).write('open');
      let heardLate = false;
      const closed = new Promise<void>((done) =>
        whenClosed(late, () => {
          heardLate = true;
          done();
        }),
      );
      await Promise.resolve();
      expect(heardLate).toBe(false);
      staying.abort();
      await closed;
      expect(heardLate).toBe(true);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
