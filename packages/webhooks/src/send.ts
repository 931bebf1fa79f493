import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import {
  allowedAddresses,
  hostOf,
  isInsideAddress,
  portOf,
  type ResolveHost,
  systemResolver,
  TargetRefusedError,
  type TargetRules,
} from './targets.ts';

export interface WebhookMessage {
  url: string;
  /** The `webhook-id`: the same on every attempt and every replay of one message. */
  messageId: string;
  /** Exactly the bytes signed and sent. */
  body: string;
  /** The endpoint's signing secret (`whsec_...`). */
  secret: string;
}

export interface SendOptions {
  targets: TargetRules;
  /** Until the whole answer is read (default 10 s). */
  timeoutMs?: number;
  /** How much of the answer is read at most (default 4 KiB); the rest is not waited for. */
  maxResponseBytes?: number;
  /** How the host is resolved when the connection is made (the system's resolver). */
  resolve?: ResolveHost;
  now?: () => Date;
}

export interface SendResult {
  /** A 2xx answer: delivered. Anything else, redirects included, is a failed attempt. */
  ok: boolean;
  statusCode?: number;
  /** Why there was no answer: a refused address, a timeout, a refused connection. */
  error?: string;
  latencyMs: number;
  /**
   * The start of the answer's body, at most 1 KiB; empty when the target is inside (this
   * machine or a private network), whose answers a key holder must not read through the log.
   */
  response: string;
}

/** The excerpt of an answer kept with each attempt. */
export const RESPONSE_EXCERPT_BYTES = 1024;

/**
 * What of an answer is kept with its attempt: its first KiB, or nothing when it came from inside
 * (this machine or a private network) or from an address not known, since whoever registered the
 * endpoint reads the delivery log.
 */
export const answerExcerpt = (body: Buffer, remoteAddress: string | undefined): string =>
  remoteAddress === undefined || isInsideAddress(remoteAddress)
    ? ''
    : body.subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8');

/**
 * A lookup for the connection itself that refuses what the policy refuses, so a name that
 * resolved to a public address when it was checked cannot point elsewhere when it is used.
 */
const guardedLookup =
  (port: number, rules: TargetRules, resolve: ResolveHost): LookupFunction =>
  (hostname, options, callback) => {
    allowedAddresses(hostname, port, rules, resolve).then(
      (addresses) => {
        const entries: LookupAddress[] = addresses
          .map((address) => ({ address, family: isIP(address) }))
          .filter((entry) => !options.family || entry.family === options.family);
        const first = entries[0];
        if (!first) {
          callback(new TargetRefusedError(`${hostname} has no address to connect to`), '', 0);
        } else if (options.all) {
          (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, entries);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: Error) => callback(error, '', 0),
    );
  };

/**
 * Sends one signed delivery (Standard Webhooks: `webhook-id`, `webhook-timestamp`,
 * `webhook-signature`) and says how it went. It never follows a redirect, reads at most a few
 * KiB of the answer, gives up after the timeout, and connects only to addresses the policy
 * allows, checked on the connection's own lookup. It does not throw for the target's failures.
 */
export const sendWebhook = async (
  message: WebhookMessage,
  options: SendOptions,
): Promise<SendResult> => {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBytes = options.maxResponseBytes ?? 4096;
  const resolve = options.resolve ?? systemResolver;
  const url = new URL(message.url);
  const host = hostOf(url);
  const port = portOf(url);
  try {
    // An address written in the URL is connected to without a lookup: check it here.
    if (isIP(host) !== 0) await allowedAddresses(host, port, options.targets, resolve);
  } catch (error) {
    return { ok: false, error: (error as Error).message, latencyMs: elapsed(), response: '' };
  }
  const timestamp = options.now?.() ?? new Date();
  const signature = new Webhook(message.secret).sign(message.messageId, timestamp, message.body);
  const client = url.protocol === 'https:' ? https : http;

  return new Promise<SendResult>((done) => {
    let settled = false;
    const finish = (result: Omit<SendResult, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done({ ...result, latencyMs: elapsed() });
    };
    const request = client.request(url, {
      method: 'POST',
      agent: false,
      lookup: guardedLookup(port, options.targets, resolve),
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(message.body),
        'user-agent': 'SecondGear-Webhooks/1',
        'webhook-id': message.messageId,
        'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
        'webhook-signature': signature,
      },
    });
    const timer = setTimeout(() => {
      request.destroy(new Error(`no answer within ${Math.round(timeoutMs / 1000)} s`));
    }, timeoutMs);
    request.on('error', (error) => finish({ ok: false, error: error.message, response: '' }));
    request.on('response', (response) => {
      const statusCode = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      const from = request.socket?.remoteAddress;
      const answer = () => {
        const text = answerExcerpt(Buffer.concat(chunks), from);
        finish({ ok: statusCode >= 200 && statusCode < 300, statusCode, response: text });
        response.destroy();
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= maxBytes) answer();
      });
      response.on('end', answer);
      response.on('close', answer);
      response.on('error', answer);
    });
    request.end(message.body);
  });
};
