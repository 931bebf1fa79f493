// Runs one of the project's entry points (TypeScript, which Node 24 runs as it is) after checking
// that the Node running it is the one the project needs. Plain JavaScript on purpose: an older
// Node cannot even load a .ts file, and would answer with a stack trace instead of this line.
import { relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '..', '..');

/** The name an entry point's traces carry: its service's folder (`apps/<name>` for apps). */
export const serviceNameOf = (entry) => {
  const [first = 'second-gear', second] = relative(root, resolve(entry)).split(/[\\/]/);
  return first === 'apps' && second ? second : first;
};

/** The oldest Node the project runs on (package.json `engines`). */
const NEEDED = [24, 11];

/** What is wrong with running on Node `version`, in one line; undefined when nothing is. */
export const nodeVersionProblem = (version, execPath) => {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  if (major > NEEDED[0] || (major === NEEDED[0] && minor >= NEEDED[1])) return undefined;
  return (
    `Second Gear needs Node ${NEEDED.join('.')} or later; this is ${version} (${execPath}). ` +
    "Run it through npm (npm start, npm run dev, npm run ...): npm install puts the project's own Node in node_modules/.bin, and npm uses it."
  );
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const problem = nodeVersionProblem(process.versions.node, process.execPath);
  if (problem) {
    process.stderr.write(`${problem}\n`);
    process.exit(1);
  }
  const [entry, ...rest] = process.argv.slice(2);
  if (!entry) {
    process.stderr.write('usage: node scripts/run.mjs <entry point> [arguments]\n');
    process.exit(64);
  }
  // Traces are asked for: the hooks that trace HTTP and PostgreSQL go in before the entry's
  // first import.
  const telemetry = await import('../packages/telemetry/src/settings.ts');
  if (telemetry.tracingRequested(process.env)) {
    const tracingProblem = telemetry.tracingConfigProblem(process.env);
    if (tracingProblem) {
      process.stderr.write(`${tracingProblem}\n`);
      process.exit(1);
    }
    const { registerTracing } = await import('../packages/telemetry/src/register.ts');
    await registerTracing(serviceNameOf(entry));
  }
  // The entry sees the command line as if it had been started itself.
  process.argv = [process.argv[0] ?? 'node', entry, ...rest];
  await import(pathToFileURL(entry).href);
}
