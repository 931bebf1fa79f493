// Type-checks the repository's three TypeScript projects (the server side, the browser tests and
// the web app) side by side, each with its own compiler process, and fails if any of them does.
// Each one's report is printed whole when it ends, so reports never interleave. The compiler is
// TypeScript 7, the native one (`typescript-native`), with the same checks as the 5.9 that
// editors and openapi-typescript (whose peer it is) load as `typescript`, in a third of the time.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const PROJECTS = ['tsconfig.json', 'apps/e2e/tsconfig.json', 'web/tsconfig.json'];
// The package exports no path to its command: found beside its package.json, as its `bin` says.
const tsc = join(
  dirname(createRequire(import.meta.url).resolve('typescript-native/package.json')),
  'bin/tsc',
);

const check = (project) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let report = '';
    child.stdout.on('data', (chunk) => {
      report += chunk;
    });
    child.stderr.on('data', (chunk) => {
      report += chunk;
    });
    child.on('close', (code) => {
      if (report) process.stdout.write(`tsc -p ${project}\n${report}`);
      resolve(code === 0);
    });
  });

const results = await Promise.all(PROJECTS.map(check));
process.exitCode = results.every(Boolean) ? 0 : 1;
