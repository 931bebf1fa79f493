import { createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * An endpoint's signing secret is derived, never stored: HMAC-SHA256 under a key made from the
 * server's secret (the one that signs service tokens, `JWT_SECRET`, through HKDF so the two uses
 * never share a key), over the endpoint's id and a random nonce its registration event holds.
 * The command service shows it once; the deliverer derives it again to sign. The event log, its
 * backups and the audit hold only the nonce, which is worth nothing without the server's
 * secret. Changing that secret changes every endpoint's secret (docs/security.md).
 */
const keys = new Map<string, Buffer>();

const signingKey = (serverSecret: string): Buffer => {
  let key = keys.get(serverSecret);
  if (!key) {
    key = Buffer.from(
      hkdfSync('sha256', serverSecret, 'second-gear', 'webhook signing secrets', 32),
    );
    keys.set(serverSecret, key);
  }
  return key;
};

/** A nonce for a new endpoint: 24 random bytes. */
export const newSecretNonce = (): string => randomBytes(24).toString('base64url');

/** The endpoint's signing secret, in the Standard Webhooks form `whsec_<base64 of 32 bytes>`. */
export const webhookSigningSecret = (
  serverSecret: string,
  endpointId: string,
  secretNonce: string,
): string =>
  `whsec_${createHmac('sha256', signingKey(serverSecret))
    .update(`${endpointId}\n${secretNonce}`)
    .digest('base64')}`;
