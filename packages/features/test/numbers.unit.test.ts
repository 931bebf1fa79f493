import { describe, expect, it } from 'vitest';
import { decimalNumber } from '../src/contract/numbers.ts';

describe('decimalNumber', () => {
  it.each([
    ['12500', 12_500],
    [' 12500 ', 12_500],
    ['18500.50', 18_500.5],
    ['.5', 0.5],
    ['+7', 7],
    ['-5', -5],
    ['007', 7],
  ])('reads %j as %d', (text, number) => {
    expect(decimalNumber(text)).toBe(number);
  });

  it.each(['0x10', '0b11', '0o7', '1e3', 'Infinity', '-Infinity', 'NaN', '', '12 500', '1.2.3'])(
    'reads %j as no number',
    (text) => {
      expect(decimalNumber(text)).toBeNaN();
    },
  );

  it('reads thousands separators only where allowed, and only between groups of three', () => {
    expect(decimalNumber('12,500')).toBeNaN();
    expect(decimalNumber('12,500', { thousands: true })).toBe(12_500);
    expect(decimalNumber('1,234,567.5', { thousands: true })).toBe(1_234_567.5);
    expect(decimalNumber('12,50', { thousands: true })).toBeNaN();
    expect(decimalNumber('1,2345', { thousands: true })).toBeNaN();
  });
});
