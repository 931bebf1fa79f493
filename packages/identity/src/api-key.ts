import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Integrators' API keys: `sgk_<keyId>_<secret>`, the id 16 hex digits (it names the key's
 * stream, `apikey-<keyId>`), the secret 32 random bytes in base64url. Only the SHA-256 of the
 * secret is kept. A fast hash is right here, unlike for passwords: the secret is 256 random
 * bits, so there is nothing to guess from its hash, and checking a key costs one hash on every
 * request that presents one.
 */
export const API_KEY_PREFIX = 'sgk_';

const keyPattern = /^sgk_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

export interface NewApiKey {
  keyId: string;
  /** The whole key, shown once to the admin who issued it. */
  key: string;
  /** What lists show: `sgk_<keyId>_`, which tells nothing of the secret. */
  prefix: string;
  /** SHA-256 of the secret part, hex: what the event store keeps. */
  secretHash: string;
}

export const hashApiKeySecret = (secret: string): string =>
  createHash('sha256').update(secret, 'utf8').digest('hex');

/** How a key is shown once issued: its id, and none of its secret. */
export const apiKeyPrefix = (keyId: string): string => `${API_KEY_PREFIX}${keyId}_`;

export const newApiKey = (): NewApiKey => {
  const keyId = randomBytes(8).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  return {
    keyId,
    key: `${API_KEY_PREFIX}${keyId}_${secret}`,
    prefix: apiKeyPrefix(keyId),
    secretHash: hashApiKeySecret(secret),
  };
};

/** Whether a bearer token is meant as an API key (rather than a service token). */
export const looksLikeApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX);

/** The id and secret of a well-formed key; undefined for anything else. */
export const parseApiKey = (token: string): { keyId: string; secret: string } | undefined => {
  const match = keyPattern.exec(token);
  return match ? { keyId: match[1] as string, secret: match[2] as string } : undefined;
};

/** Whether the secret is the one whose hash was kept, compared in constant time. */
export const secretMatches = (secret: string, secretHash: string): boolean => {
  const presented = Buffer.from(hashApiKeySecret(secret), 'hex');
  const kept = Buffer.from(secretHash, 'hex');
  return presented.length === kept.length && timingSafeEqual(presented, kept);
};
