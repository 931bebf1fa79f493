import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeVersionProblem, serviceNameOf } from './run.mjs';

const root = join(import.meta.dirname, '..');

describe('scripts/run.mjs', () => {
  it('accepts the Node the project pins, and later ones', () => {
    expect(nodeVersionProblem('24.11.0', '/x/node')).toBeUndefined();
    expect(nodeVersionProblem('24.21.0', '/x/node')).toBeUndefined();
    expect(nodeVersionProblem('25.0.0', '/x/node')).toBeUndefined();
  });

  it('names the Node that is too old and says to go through npm', () => {
    expect(nodeVersionProblem('20.20.2', '/usr/bin/node')).toBe(
      "Second Gear needs Node 24.11 or later; this is 20.20.2 (/usr/bin/node). Run it through npm (npm start, npm run dev, npm run ...): npm install puts the project's own Node in node_modules/.bin, and npm uses it.",
    );
    expect(nodeVersionProblem('24.10.1', '/x/node')).toMatch(/this is 24\.10\.1/);
  });

  it('runs an entry point with its own command line', () => {
    const run = spawnSync(
      process.execPath,
      ['scripts/run.mjs', 'command-service/src/admin-cli.ts', 'nonsense'],
      { cwd: root, encoding: 'utf8' },
    );
    // The admin CLI saw `nonsense` as its verb, not the entry point's path.
    expect(run.stderr).toBe('usage: npm run admin -- promote <email>\n');
    expect(run.status).toBe(64);
  });

  it("names an entry's traces after its service", () => {
    expect(serviceNameOf('command-service/src/main.ts')).toBe('command-service');
    expect(serviceNameOf(join(root, 'apps/all-in-one/src/main.ts'))).toBe('all-in-one');
    expect(serviceNameOf('apps/gateway/src/main.ts')).toBe('gateway');
  });

  it('stops at once, naming the variable, when the OTLP endpoint is not a URL', () => {
    const run = spawnSync(
      process.execPath,
      ['scripts/run.mjs', 'command-service/src/admin-cli.ts'],
      {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' },
      },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^OTEL_EXPORTER_OTLP_ENDPOINT must be an http\(s\) URL/);
  });

  // The machine's own Node, where it is an older one, as a newcomer might run it.
  const systemNode = '/usr/bin/node';
  const old =
    existsSync(systemNode) &&
    Number(spawnSync(systemNode, ['-p', 'process.versions.node.split(".")[0]']).stdout) < 24;
  it.runIf(old)('stops an older Node with that one line, not a stack trace', () => {
    const run = spawnSync(systemNode, ['scripts/run.mjs', 'apps/all-in-one/src/main.ts'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^Second Gear needs Node 24\.11 or later; this is \d+\.\d+\.\d+ /);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });
});
