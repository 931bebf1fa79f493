// Identity provider errors in plain words, never the SDK's own text.
import { describe, expect, it } from 'vitest';
import { describeAuthError } from '../src/auth/auth-service.ts';

const failure = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

describe('describeAuthError', () => {
  it('says a failed Google sign-in could not be completed, not "auth/internal-error"', () => {
    expect(describeAuthError(failure('auth/internal-error'))).toBe(
      'Sign-in could not be completed. Check your connection and try again.',
    );
  });

  it('keeps the known messages and leaves unknown codes to the caller', () => {
    expect(describeAuthError(failure('auth/invalid-credential'))).toBe('Wrong email or password.');
    expect(describeAuthError(failure('auth/something-new'))).toBeNull();
    expect(describeAuthError(new Error('no code'))).toBeNull();
  });
});
