import { describe, expect, it } from 'vitest';
import { isUnstorableText, unstorableFields } from '../src/storable-text.ts';

describe('text PostgreSQL cannot keep', () => {
  it('is a NUL or an unpaired surrogate; other control characters and pairs are text', () => {
    for (const text of ['a\u0000b', '\ud800', 'x\udfffy', '\udc00\ud800']) {
      expect(isUnstorableText(text), JSON.stringify(text)).toBe(true);
    }
    for (const text of ['plain', 'tab\there', '\u0001\u001f', 'car 🚗', '']) {
      expect(isUnstorableText(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('is found by its path anywhere in a body, in a value or a key', () => {
    expect(
      unstorableFields({
        name: 'ok',
        details: { model: 'a\u0000', 'key\u0000': 1 },
        photos: ['\ud800'],
      }),
    ).toEqual(['details.model', 'details.key\u0000', 'photos.0']);
    expect(unstorableFields('a\u0000')).toEqual(['']);
    expect(unstorableFields({ fine: ['text', 3, null, true] })).toEqual([]);
  });

  it('is found however deep a body nests, without running out of stack', () => {
    let deep: unknown = 'x\u0000';
    for (let level = 0; level < 40_000; level++) deep = [deep];
    expect(unstorableFields(deep)).toHaveLength(1);
  });
});
