// Type-checks the repository's three TypeScript projects (the server side, the browser tests and
// the web app) side by side, each with its own compiler process, and fails if any of them does.
// Each one's report is printed whole when it ends, so reports never interleave.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const PROJECTS = ['tsconfig.json', 'apps/e2e/tsconfig.json', 'web/tsconfig.json'];
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

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
