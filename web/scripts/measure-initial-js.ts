// Measures the JavaScript a first visit to a route downloads before it can render:
// the entry chunk, the route's lazy chunk, and every chunk they import statically
// (dynamic imports such as the sign-in SDK are fetched afterwards and not counted).
// Usage, after `vite build`: npm run measure -w @second-gear/web [-- src/pages/home.tsx]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

const dist = join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;
const route = process.argv[2] ?? 'src/pages/home.tsx';
const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entry || !manifest[route])
  throw new Error(`No entry or no chunk for ${route} in the manifest`);

const seen = new Set<string>();
const visit = (key: string) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) visit(next);
};
visit(entry);
visit(route);

let raw = 0;
let gzip = 0;
const rows = [...seen].map((key) => {
  const file = manifest[key]!.file;
  const bytes = readFileSync(join(dist, file));
  const zipped = gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  gzip += zipped;
  return { file, kB: (bytes.length / 1024).toFixed(1), gzipKB: (zipped / 1024).toFixed(1) };
});
console.table(rows);
console.log(
  `Initial JS for ${route}: ${(raw / 1024).toFixed(1)} kB, ${(gzip / 1024).toFixed(1)} kB gzip`,
);
