// npm run bench [-- --only writes,store,reads,rebuild,embedded,web] [--quick] [--out file]
// Measures on this machine and writes the numbers, with their setup, to docs/benchmarks.md.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { benchEventStores } from './event-store-bench.ts';
import { describeMachine, load1, type Machine } from './machine.ts';
import { PARTS, type Part, parseOptions, scaleOf, USAGE } from './options.ts';
import { dropCreatedDatabases } from './postgres.ts';
import {
  ALL_IN_ONE_CARS,
  benchAllInOne,
  benchEmbeddedRebuild,
  benchReadModel,
} from './read-model-bench.ts';
import { renderReport } from './report.ts';
import type { PartData, PartResult, Results } from './results.ts';
import { benchWeb } from './web-bench.ts';
import {
  benchListingByCategorySize,
  benchWritesAllInOne,
  benchWritesPostgres,
} from './writes-bench.ts';

const repositoryRoot = resolve(import.meta.dirname, '../../..');
const say = (line: string) => process.stdout.write(`${line}\n`);

const options = (() => {
  try {
    return parseOptions(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(64);
  }
})();
if (options.help) {
  say(USAGE);
  process.exit(0);
}

const scale = scaleOf(options.quick);
const resultsDir = join(repositoryRoot, 'apps/bench/results', options.quick ? 'quick' : '');
const out = resolve(
  options.out ??
    (options.quick
      ? join(resultsDir, 'benchmarks.md')
      : join(repositoryRoot, 'docs/benchmarks.md')),
);

let interrupted = false;
const onSignal = () => {
  if (interrupted) process.exit(130);
  interrupted = true;
  say('\ninterrupted: dropping the benchmark databases');
  void dropCreatedDatabases().finally(() => process.exit(130));
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

const readResults = async (): Promise<Results> => {
  const results: Results = {};
  for (const part of PARTS) {
    const file = join(resultsDir, `${part}.json`);
    if (existsSync(file))
      (results as Record<string, unknown>)[part] = JSON.parse(await readFile(file, 'utf8'));
  }
  return results;
};

const save = async <P extends Part>(result: PartResult<P>) => {
  await mkdir(resultsDir, { recursive: true });
  await writeFile(join(resultsDir, `${result.part}.json`), `${JSON.stringify(result, null, 2)}\n`);
};

const measurePart = async <P extends Part>(
  part: P,
  machine: Machine,
  work: () => Promise<PartData[P]>,
): Promise<PartResult<P>> => {
  const date = new Date().toISOString();
  const before = load1();
  const started = performance.now();
  say(`\n== ${part} (load average ${before})`);
  const data = await work();
  const durationMs = performance.now() - started;
  say(`== ${part} done in ${(durationMs / 1000).toFixed(0)} s`);
  return {
    part,
    date,
    durationMs,
    quick: options.quick,
    machine,
    load: { before, after: load1() },
    data,
  };
};

const started = performance.now();
const machine = await describeMachine();
say(
  `Second Gear benchmarks${options.quick ? ' (quick)' : ''}: ${options.parts.join(', ') || 'no part (rewriting the report)'}\n` +
    `${machine.cores} cores (${machine.cpu}), ${machine.ramGiB} GiB, Node ${machine.node}, PostgreSQL ${machine.postgres}`,
);
let failures = 0;
const attempt = async (what: string, work: () => Promise<void>) => {
  try {
    await work();
  } catch (error) {
    failures++;
    process.stderr.write(`\n${what} failed: ${(error as Error).stack ?? String(error)}\n`);
  }
};

try {
  if (options.parts.includes('store')) {
    await attempt('store', async () => {
      await save(
        await measurePart('store', machine, () =>
          benchEventStores({
            writers: scale.storeWriters,
            durationMs: scale.storeSeconds * 1000,
            rounds: scale.storeRounds,
            say,
          }),
        ),
      );
    });
  }
  if (options.parts.includes('writes')) {
    await attempt('writes', async () => {
      await save(
        await measurePart('writes', machine, async () => {
          const settings = {
            clients: scale.writeClients,
            durationSeconds: scale.writeSeconds,
            say,
          };
          const postgres = await benchWritesPostgres(settings);
          const pglite = await benchWritesAllInOne('pglite', settings);
          const allInOnePostgres = await benchWritesAllInOne('postgres', settings);
          const byCategorySize = await benchListingByCategorySize({
            ...settings,
            clients: scale.categoryClients,
            cars: scale.categoryCars,
          });
          return {
            durationSeconds: scale.writeSeconds,
            pglite,
            allInOnePostgres,
            postgres,
            byCategorySize,
          };
        }),
      );
    });
  }
  const reads = options.parts.includes('reads');
  const rebuild = options.parts.includes('rebuild');
  if (reads || rebuild) {
    await attempt('reads and rebuild', async () => {
      const result = await measurePart(reads ? 'reads' : 'rebuild', machine, async () => {
        const measured = await benchReadModel({
          cars: scale.cars,
          reads,
          connections: scale.readConnections,
          durationSeconds: scale.readSeconds,
          say,
        });
        // The all-in-one's embedded databases, at the first size.
        if (rebuild) {
          for (const database of ['postgres', 'pglite'] as const) {
            measured.rebuilds.push(
              await benchEmbeddedRebuild(database, scale.cars[0] ?? 1000, say),
            );
          }
        }
        return measured;
      });
      if (reads) await save(result);
      if (rebuild) await save({ ...result, part: 'rebuild' as const });
    });
  }
  if (options.parts.includes('embedded')) {
    await attempt('embedded', async () => {
      await save(
        await measurePart('embedded', machine, async () => {
          const settings = {
            connections: scale.readConnections,
            durationSeconds: scale.readSeconds,
            say,
          };
          return [
            ...(await benchAllInOne('postgres', ALL_IN_ONE_CARS, settings)),
            ...(await benchAllInOne('pglite', ALL_IN_ONE_CARS, settings)),
          ];
        }),
      );
    });
  }
  if (options.parts.includes('web')) {
    await attempt('web', async () => {
      await save(
        await measurePart('web', machine, () =>
          benchWeb({
            say,
            ...(options.quick ? { runs: 1, loadSeconds: 2 } : {}),
          }),
        ),
      );
    });
  }
} finally {
  await dropCreatedDatabases();
}

const totalMs = performance.now() - started;
const runFile = join(resultsDir, 'run.json');
if (options.parts.length === PARTS.length && failures === 0) {
  await mkdir(resultsDir, { recursive: true });
  await writeFile(
    runFile,
    `${JSON.stringify({ date: new Date().toISOString(), totalMs }, null, 2)}\n`,
  );
}
const fullRun = existsSync(runFile)
  ? (JSON.parse(await readFile(runFile, 'utf8')) as { date: string; totalMs: number })
  : undefined;
await mkdir(dirname(out), { recursive: true });
const notesDir = join(repositoryRoot, 'apps/bench/notes');
const notes: Partial<Record<Part, string>> = {};
for (const part of PARTS) {
  const file = join(notesDir, `${part}.md`);
  if (existsSync(file)) notes[part] = await readFile(file, 'utf8');
}
await writeFile(out, renderReport(await readResults(), { fullRun, quick: options.quick, notes }));

// The report and the results are part of the repository: written in its format (Biome's), so
// that they pass its lint as written. A quick run's files, which the repository ignores, are left
// as they are.
const written = [out, ...PARTS.map((part) => join(resultsDir, `${part}.json`)), runFile].filter(
  (file) => existsSync(file),
);
const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');
const formatted = spawnSync(
  process.execPath,
  [biome, 'format', '--write', '--no-errors-on-unmatched', ...written],
  {
    cwd: repositoryRoot,
    encoding: 'utf8',
  },
);
if (formatted.status !== 0) {
  process.stderr.write(`Formatting the report failed:\n${formatted.stdout}${formatted.stderr}\n`);
}
say(`\nWrote ${out} (this run: ${(totalMs / 60_000).toFixed(1)} min)`);
process.exit(failures > 0 ? 1 : 0);
