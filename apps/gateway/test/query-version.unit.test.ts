// The gateway following the read model's version that a query service streams, here a stand-in
// server that writes the stream the way the query service does.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { READ_MODEL_VERSION_PATH } from '@second-gear/service-http';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { type FollowedVersion, followQueryVersion } from '../src/query-version.ts';

/** A query service whose version stream the test writes; each connection is handed over. */
const streamingQuery = async () => {
  const connections: ServerResponse[] = [];
  const waiting: ((res: ServerResponse) => void)[] = [];
  const server = createServer((req, res) => {
    expect(req.url).toBe(READ_MODEL_VERSION_PATH);
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write('retry: 3000\n\n');
    const next = waiting.shift();
    if (next) next(res);
    else connections.push(res);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    connection: () =>
      new Promise<ServerResponse>((handed) => {
        const open = connections.shift();
        if (open) handed(open);
        else waiting.push(handed);
      }),
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
};

/** Waits, a turn of the event loop at a time, until the follower says `expected`. */
const says = async (follower: FollowedVersion, expected: string | undefined) => {
  while (follower.current() !== expected) await new Promise((next) => setTimeout(next, 1));
};

describe("the query service's version, as the gateway follows it", () => {
  let stop = () => {};
  afterEach(() => stop());

  /** A stand-in query service and a follower of it, both stopped after the test. */
  const following = async () => {
    const query = await streamingQuery();
    const follower = followQueryVersion(query.url, pino({ level: 'silent' }), 10);
    stop = () => {
      follower.stop();
      void query.close();
    };
    return { query, follower };
  };

  it('hears each version as it is streamed, an unknown one as none, even split across chunks', async () => {
    const { query, follower } = await following();
    const res = await query.connection();
    expect(follower.current()).toBeUndefined();
    res.write('event: version\ndata: 3.120.1764000000000\n\n');
    await says(follower, '3.120.1764000000000');
    res.write('event: version\ndata: \n\n');
    await says(follower, undefined);
    res.write('event: vers');
    res.write('ion\ndata: 3.121.17640');
    res.write('00000500\n\n');
    await says(follower, '3.121.1764000000500');
  });

  it('knows no version while the stream is down, and follows it again once it is back', async () => {
    const { query, follower } = await following();
    const first = await query.connection();
    first.write('event: version\ndata: 1.5.1764000000000\n\n');
    await says(follower, '1.5.1764000000000');
    first.end();
    await says(follower, undefined);
    const second = await query.connection();
    second.write('event: version\ndata: 1.6.1764000000100\n\n');
    await says(follower, '1.6.1764000000100');
  });

  it('says once that the stream fails, not at every retry', async () => {
    let asked = 0;
    const server = createServer((_req, res) => {
      asked += 1;
      res.writeHead(404).end();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as AddressInfo;
    const warnings: string[] = [];
    const log = pino(
      { level: 'warn' },
      { write: (line: string) => warnings.push(JSON.parse(line).msg as string) },
    );
    const follower = followQueryVersion(`http://127.0.0.1:${port}`, log, 1);
    stop = () => {
      follower.stop();
      server.close();
    };
    while (asked < 4) await new Promise((next) => setTimeout(next, 1));
    expect(follower.current()).toBeUndefined();
    expect(warnings).toEqual(['the read model version stream failed: pages are not kept']);
  });
});
