import { describe, expect, it } from 'vitest';
import { PARTS, parseOptions } from '../src/options.ts';

describe('parseOptions', () => {
  it('runs every part at full scale by default', () => {
    expect(parseOptions([])).toEqual({
      parts: [...PARTS],
      quick: false,
      out: undefined,
      render: false,
      help: false,
    });
  });

  it('takes a subset, in the runner order, and --quick', () => {
    const options = parseOptions(['--only', 'web,reads', '--quick', '--out=x.md']);
    expect(options.parts).toEqual(['reads', 'web']);
    expect(options.quick).toBe(true);
    expect(options.out).toBe('x.md');
  });

  it('measures nothing with --render', () => {
    expect(parseOptions(['--render']).parts).toEqual([]);
  });

  it('refuses unknown parts and options', () => {
    expect(() => parseOptions(['--only', 'nope'])).toThrow(/Unknown part/);
    expect(() => parseOptions(['--fast'])).toThrow(/Unknown option/);
    expect(() => parseOptions(['--only'])).toThrow(/needs a value/);
    expect(() => parseOptions(['--only', '--quick'])).toThrow(/--only needs a value/);
    expect(() => parseOptions(['everything'])).toThrow(/Unknown option everything/);
  });

  it('takes -h for --help', () => {
    expect(parseOptions(['-h']).help).toBe(true);
  });
});
