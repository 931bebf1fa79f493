import { describe, expect, it } from 'vitest';
import {
  formatPosition,
  HttpProblem,
  isPosition,
  MIN_POSITION_HEADER,
  parsePosition,
  positionFromHeader,
} from '../src/index.ts';

describe('positions', () => {
  it('round-trips a bigint through its decimal string', () => {
    expect(formatPosition(0n)).toBe('0');
    expect(parsePosition('18446744073709551615')).toBe(2n ** 64n - 1n);
    expect(parsePosition(formatPosition(123456789012345n))).toBe(123456789012345n);
  });

  it('refuses what is not a position', () => {
    for (const bad of ['', '-1', '01', '1.5', '1e3', 'abc', '18446744073709551616', ' ']) {
      expect(isPosition(bad), bad).toBe(false);
      expect(() => parsePosition(bad)).toThrow(RangeError);
    }
    expect(() => formatPosition(-1n)).toThrow(RangeError);
  });

  it('reads the optional X-Min-Position header', () => {
    expect(positionFromHeader({})).toBeUndefined();
    expect(positionFromHeader({ 'x-min-position': '42' })).toBe(42n);
    expect(MIN_POSITION_HEADER).toBe('X-Min-Position');
    try {
      positionFromHeader({ 'x-min-position': 'soon' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(HttpProblem);
      expect((error as HttpProblem).status).toBe(400);
    }
  });
});
