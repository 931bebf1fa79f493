import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allVariableNames } from '../src/index.ts';

describe('the README configuration table', () => {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const documented = new Set([...readme.matchAll(/^\| `([A-Z0-9_]+)` +\|/gm)].map((m) => m[1]));

  it('documents every variable a process reads', () => {
    expect(allVariableNames().filter((name) => !documented.has(name))).toEqual([]);
  });

  it('documents no variable that nothing reads', () => {
    const read = new Set(allVariableNames());
    expect([...documented].filter((name) => !read.has(name as string))).toEqual([]);
  });
});
