// The receiver integrators are given (docs/examples/webhook-receiver.mjs), run as they would run
// it: it takes a genuine delivery, once, and refuses a forged one and an old one.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendWebhook, webhookSigningSecret } from '../src/index.ts';

const example = fileURLToPath(
  new URL('../../../docs/examples/webhook-receiver.mjs', import.meta.url),
);
const secret = webhookSigningSecret('s'.repeat(40), 'endpoint-1', 'nonce');
const body = JSON.stringify({
  type: 'CarSold',
  position: '4711',
  occurredAt: '2026-03-01T09:00:09.000Z',
  carId: 'car-1',
});

describe('the example receiver', () => {
  let child: ChildProcess;
  let url = '';
  const output: string[] = [];

  beforeAll(async () => {
    child = spawn(process.execPath, [example], {
      env: { ...process.env, WEBHOOK_SECRET: secret, PORT: '0', HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    url = await new Promise<string>((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        output.push(chunk.toString());
        const match = /listening on (http:\/\/\S+)/.exec(output.join(''));
        if (match?.[1]) resolve(match[1]);
      });
      child.once('exit', (code) => reject(new Error(`it exited (${code}): ${output.join('')}`)));
    });
  }, 20_000);
  afterAll(() => {
    child?.kill();
  });

  const deliver = (
    options: { secret?: string; now?: () => Date; messageId?: string; body?: string } = {},
  ) =>
    sendWebhook(
      {
        url,
        messageId: options.messageId ?? 'msg_1',
        body: options.body ?? body,
        secret: options.secret ?? secret,
      },
      { targets: { policy: 'loopback' }, ...(options.now ? { now: options.now } : {}) },
    );

  /** Waits until the receiver has printed `line`: its output comes through a pipe, after its answer. */
  const printed = (line: RegExp) =>
    new Promise<string>((resolve) => {
      // The receiver writes what it handled to stdout and what it refused to stderr.
      const streams = [child.stdout, child.stderr];
      const check = () => {
        if (!line.test(output.join(''))) return false;
        for (const stream of streams) stream?.off('data', check);
        resolve(output.join(''));
        return true;
      };
      if (!check()) for (const stream of streams) stream?.on('data', check);
    });

  it('accepts a genuine delivery, and handles a repeated one once', async () => {
    expect(await deliver()).toMatchObject({ ok: true, statusCode: 204 });
    expect(await deliver()).toMatchObject({ ok: true, statusCode: 204 });
    // Another message after the repeat: its line comes after any line the repeat printed.
    const next = JSON.stringify({ ...JSON.parse(body), carId: 'car-2', position: '4712' });
    expect(await deliver({ messageId: 'msg_after', body: next })).toMatchObject({
      ok: true,
      statusCode: 204,
    });
    await printed(/CarSold of car car-2 at position 4712/);
    const handled = output.join('').match(/CarSold of car car-1 at position 4711/g) ?? [];
    expect(handled).toHaveLength(1);
  });

  it('refuses a delivery signed with another secret', async () => {
    const forged = await deliver({
      secret: webhookSigningSecret('t'.repeat(40), 'endpoint-1', 'nonce'),
      messageId: 'msg_2',
    });
    expect(forged).toMatchObject({ ok: false, statusCode: 401 });
  });

  it('refuses a delivery signed ten minutes ago (a replay by whoever captured it)', async () => {
    const old = await deliver({
      now: () => new Date(Date.now() - 10 * 60_000),
      messageId: 'msg_3',
    });
    expect(old).toMatchObject({ ok: false, statusCode: 401 });
    const tooOld = /refused a delivery: Message timestamp too old/;
    expect(await printed(tooOld)).toMatch(tooOld);
  });
});
