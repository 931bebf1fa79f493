/** Command-line options of `npm run bench`, read with Node's `util.parseArgs`. */
import { parseArgs } from 'node:util';

export const PARTS = ['writes', 'store', 'reads', 'rebuild', 'embedded', 'web'] as const;
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
  let values: { only?: string; quick: boolean; out?: string; render: boolean; help: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        only: { type: 'string' },
        quick: { type: 'boolean', default: false },
        out: { type: 'string' },
        render: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    // Node's parser words its errors its own way; these are the ones the usage text goes with.
    const { code, message } = error as Error & { code?: string };
    const name = /'([^' ]+)/.exec(message)?.[1];
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && /missing|ambiguous/.test(message)) {
      throw new Error(`${name} needs a value`);
    }
    if (
      code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ||
      code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL'
    ) {
      throw new Error(`Unknown option ${name}\n\n${USAGE}`);
    }
    throw error;
  }
  let parts = [...PARTS];
  if (values.only !== undefined) {
    const wanted = values.only
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    for (const part of wanted) {
      if (!(PARTS as readonly string[]).includes(part)) {
        throw new Error(`Unknown part "${part}"; the parts are ${PARTS.join(', ')}`);
      }
    }
    parts = PARTS.filter((part) => wanted.includes(part));
  }
  return {
    parts: values.render ? [] : parts,
    quick: values.quick,
    out: values.out,
    render: values.render,
    help: values.help,
  };
};

/** How big and how long, at full scale and with --quick. */
export const scaleOf = (quick: boolean) =>
  quick
    ? {
        writeClients: [1, 8, 32],
        writeSeconds: 3,
        categoryCars: 10_000,
        categoryClients: [1, 8],
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
        categoryCars: 100_000,
        categoryClients: [1, 8],
        storeWriters: [1, 8, 32],
        storeSeconds: 5,
        storeRounds: 3,
        cars: [100_000, 1_000_000],
        readConnections: 32,
        readSeconds: 8,
      };
export type Scale = ReturnType<typeof scaleOf>;
