// Measures the JavaScript a first visit to a page downloads before it can render: the entry
// chunk, the page's lazy chunks (a dashboard page's layout and the page itself; the router loads
// them at once for that URL) and every chunk they import statically, gzipped at level 9.
// Dynamic imports (the sign-in SDK, the account menu, other pages) come later and are not counted.
// Usage, after `vite build`:
//   npm run measure -w @second-gear/web                            every page, one line each
//   npm run measure -w @second-gear/web -- src/pages/home.tsx      one page, file by file
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

const dashboard = 'src/layouts/dashboard-layout.tsx';

/** Every page, by the chunks its route loads on a first visit (the entry aside). */
const pages: [page: string, chunks: string[]][] = [
  ['Home', ['src/pages/home.tsx']],
  ['All Cars', ['src/pages/all-cars.tsx']],
  ['Category', ['src/pages/category-cars.tsx']],
  ['Car detail', ['src/pages/car/car-page.tsx']],
  ['Seller profile', ['src/pages/seller-profile.tsx']],
  ['Blog', ['src/pages/blog.tsx']],
  ['Login', ['src/pages/login.tsx']],
  ['Register', ['src/pages/register.tsx']],
  ['Not found', []],
  ['Dashboard', [dashboard, 'src/pages/dashboard/dashboard-home.tsx']],
  ['My Orders', [dashboard, 'src/pages/dashboard/buyer-bookings.tsx']],
  ['My Products', [dashboard, 'src/pages/dashboard/my-cars.tsx']],
  ['My Bookings', [dashboard, 'src/pages/dashboard/seller-bookings.tsx']],
  ['Favourites', [dashboard, 'src/pages/dashboard/favourites.tsx']],
  ['Saved searches', [dashboard, 'src/pages/dashboard/saved-searches.tsx']],
  ['Messages', [dashboard, 'src/pages/dashboard/messages.tsx']],
  ['Conversation', [dashboard, 'src/pages/dashboard/conversation.tsx']],
  ['Notifications', [dashboard, 'src/pages/dashboard/notifications.tsx']],
  ['Profile', [dashboard, 'src/pages/dashboard/profile.tsx']],
  ['All Categories', [dashboard, 'src/pages/dashboard/all-categories.tsx']],
  ['All users', [dashboard, 'src/pages/dashboard/all-users.tsx']],
  ['Audit Log', [dashboard, 'src/pages/dashboard/audit-log.tsx']],
  ['Time travel', [dashboard, 'src/pages/dashboard/audit-subject.tsx']],
];

const dist = join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;
const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entry) throw new Error('No entry chunk in the manifest');

const sizes = new Map<string, { raw: number; gzip: number }>();
const sizeOf = (file: string) => {
  let size = sizes.get(file);
  if (!size) {
    const bytes = readFileSync(join(dist, file));
    size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    sizes.set(file, size);
  }
  return size;
};

/** The files a first visit loads for these route chunks, with the entry. */
function initialFiles(chunks: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    if (!manifest[key]) throw new Error(`No chunk for ${key} in the manifest`);
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  visit(entry as string);
  for (const chunk of chunks) visit(chunk);
  return [...seen].map((key) => manifest[key]!.file);
}

const kB = (bytes: number) => (bytes / 1024).toFixed(1);
const total = (files: string[]) =>
  files.reduce(
    (sum, file) => {
      const size = sizeOf(file);
      return { raw: sum.raw + size.raw, gzip: sum.gzip + size.gzip };
    },
    { raw: 0, gzip: 0 },
  );

const asked = process.argv.slice(2);
if (asked.length > 0) {
  const files = initialFiles(asked);
  console.table(
    files.map((file) => ({ file, kB: kB(sizeOf(file).raw), gzipKB: kB(sizeOf(file).gzip) })),
  );
  const sum = total(files);
  console.log(`Initial JS for ${asked.join(' + ')}: ${kB(sum.raw)} kB, ${kB(sum.gzip)} kB gzip`);
} else {
  const entrySize = sizeOf(manifest[entry]!.file);
  console.log(`Entry chunk alone: ${kB(entrySize.raw)} kB, ${kB(entrySize.gzip)} kB gzip`);
  console.table(
    pages.map(([page, chunks]) => {
      const files = initialFiles(chunks);
      const sum = total(files);
      return { page, files: files.length, kB: kB(sum.raw), gzipKB: kB(sum.gzip) };
    }),
  );
}
