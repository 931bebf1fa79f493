// Writes .ci/test-durations.json from the last full `vitest run` on this machine: the seconds each
// test file took, which order the files of a clone that has not run the tests yet (see
// LongestFirst in vitest.workers.ts).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const cache = join(root, 'node_modules/.vite/vitest');
const durations = {};
for (const dir of readdirSync(cache, { withFileTypes: true })) {
  if (!dir.isDirectory()) continue;
  const { projects } = JSON.parse(readFileSync(join(cache, dir.name, 'results.json'), 'utf8'));
  for (const { files } of Object.values(projects)) {
    for (const [file, { duration }] of Object.entries(files)) {
      // Files under a second change no order that matters.
      if (duration >= 1000) durations[file] = Math.round(duration / 100) / 10;
    }
  }
}
const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(join(root, '.ci/test-durations.json'), `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${Object.keys(sorted).length} files over a second`);
