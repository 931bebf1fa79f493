import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * CI where it runs elsewhere (GitHub Actions) is a thin wrapper around `.ci/run`: it runs the
 * same steps as `npm test`, one at a time, and nothing else of its own.
 */
const root = join(import.meta.dirname, '..');
const workflow = readFileSync(join(root, '.github/workflows/ci.yml'), 'utf8');
const script = readFileSync(join(root, '.ci/run'), 'utf8');

describe('CI', () => {
  it('runs every step of .ci/run, in order, and only those', () => {
    const runs = [...workflow.matchAll(/^\s+run: (.+)$/gm)].map((m) => m[1]);
    expect(runs).toEqual(['.ci/run install', '.ci/run lint', '.ci/run typecheck', '.ci/run tests']);
    for (const step of ['install', 'lint', 'typecheck', 'tests']) {
      expect(script).toMatch(new RegExp(`^  ${step}\\)`, 'm'));
    }
  });

  it('checks in its steps what npm test checks', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(manifest.scripts.test).toBe('npm run lint && npm run typecheck && vitest run');
    expect(script).toContain('  lint) npm run lint ;;');
    expect(script).toContain('  typecheck) npm run typecheck ;;');
    expect(script).toContain('  tests) npx vitest run ;;');
  });

  it('runs on pushes and pull requests, with PostgreSQL as a service', () => {
    expect(workflow).toMatch(/^on:\n {2}push:\n {2}pull_request:/m);
    expect(workflow).toMatch(/services:\n\s+# .*\n\s+postgres:\n\s+image: postgres:/);
    expect(workflow).toContain('ports: ["5432:5432"]');
  });

  it('refuses a step it does not know', () => {
    const run = spawnSync('bash', ['.ci/run', 'deploy'], { cwd: root, encoding: 'utf8' });
    expect(run.status).toBe(64);
    expect(run.stderr).toContain('usage: .ci/run');
  });
});
