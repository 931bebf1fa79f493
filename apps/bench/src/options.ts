/** Command-line options of `npm run bench`. */

export const PARTS = ['writes', 'store', 'reads', 'rebuild', 'web'] as const;
export type Part = (typeof PARTS)[number];

export interface BenchOptions {
  parts: Part[];
  quick: boolean;
  /** Where the Markdown report goes. */
  out: string | undefined;
  /** Rewrite the report from the stored results, measuring nothing. */
  render: boolean;
  help: boolean;
}

export const USAGE = `npm run bench [-- options]

  --only <parts>   comma-separated subset of: ${PARTS.join(', ')} (default: all)
  --quick          a small scale and short runs, to try it fast (written apart from docs/)
  --out <file>     write the report there instead
  --render         rewrite the report from the stored results, measuring nothing
  --help           this text`;

export const parseOptions = (argv: readonly string[]): BenchOptions => {
  const options: BenchOptions = {
    parts: [...PARTS],
    quick: false,
    out: undefined,
    render: false,
    help: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [flag, inline] = arg.split('=', 2) as [string, string | undefined];
    const value = () => {
      const next = inline ?? argv[++i];
      if (next === undefined || next.startsWith('--')) throw new Error(`${flag} needs a value`);
      return next;
    };
    if (flag === '--quick') options.quick = true;
    else if (flag === '--render') options.render = true;
    else if (flag === '--help' || flag === '-h') options.help = true;
    else if (flag === '--out') options.out = value();
    else if (flag === '--only') {
      const wanted = value()
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      for (const part of wanted) {
        if (!(PARTS as readonly string[]).includes(part)) {
          throw new Error(`Unknown part "${part}"; the parts are ${PARTS.join(', ')}`);
        }
      }
      options.parts = PARTS.filter((part) => wanted.includes(part));
    } else throw new Error(`Unknown option ${arg}\n\n${USAGE}`);
  }
  if (options.render) options.parts = [];
  return options;
};

/** How big and how long, at full scale and with --quick. */
export const scaleOf = (quick: boolean) =>
  quick
    ? {
        writeClients: [1, 8, 32],
        writeSeconds: 3,
        storeWriters: [1, 8, 32],
        storeSeconds: 2,
        storeRounds: 1,
        cars: [1_000, 10_000],
        readConnections: 32,
        readSeconds: 3,
      }
    : {
        writeClients: [1, 8, 32],
        writeSeconds: 10,
        storeWriters: [1, 8, 32],
        storeSeconds: 5,
        storeRounds: 3,
        cars: [10_000, 100_000],
        readConnections: 32,
        readSeconds: 10,
      };
export type Scale = ReturnType<typeof scaleOf>;
