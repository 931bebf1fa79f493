import { describe, expect, it } from 'vitest';
import { hashApiKeySecret, newApiKey, parseApiKey, secretMatches } from '../src/index.ts';

describe('API keys', () => {
  it('are sgk_<id>_<secret>; the hash of the secret and a short prefix are what is kept', () => {
    const issued = newApiKey();
    expect(issued.key).toMatch(/^sgk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    const parsed = parseApiKey(issued.key);
    expect(parsed?.keyId).toBe(issued.keyId);
    expect(issued.secretHash).toBe(hashApiKeySecret(parsed?.secret ?? ''));
    expect(issued.key.startsWith(issued.prefix)).toBe(true);
    // The id alone: nothing of the secret.
    expect(issued.prefix).toBe(`sgk_${issued.keyId}_`);
    expect(newApiKey().key).not.toBe(issued.key);
  });

  it('match only their own hash, and parse only when well formed', () => {
    const issued = newApiKey();
    const { secret } = parseApiKey(issued.key) ?? { secret: '' };
    expect(secretMatches(secret, issued.secretHash)).toBe(true);
    expect(secretMatches(secret, newApiKey().secretHash)).toBe(false);
    const other = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    expect(secretMatches(other, issued.secretHash)).toBe(false);
    for (const bad of ['sgk_', 'sgk_xyz_abc', `${issued.key}x`, issued.key.replace('sgk_', 'sk_')])
      expect(parseApiKey(bad)).toBeUndefined();
  });

  it('take the whole secret, whatever `_` and `-` it holds', () => {
    const keyId = '0123456789abcdef';
    for (const secret of [
      `${'A'.repeat(21)}_${'b'.repeat(21)}`,
      `_${'c'.repeat(41)}_`,
      `-${'_'.repeat(41)}-`,
      `${'d'.repeat(20)}-_-${'e'.repeat(20)}`,
    ]) {
      expect(secret).toHaveLength(43);
      expect(parseApiKey(`sgk_${keyId}_${secret}`)).toEqual({ keyId, secret });
    }
    expect(parseApiKey(`sgk_${keyId}_${'_'.repeat(42)}`)).toBeUndefined();
  });
});
