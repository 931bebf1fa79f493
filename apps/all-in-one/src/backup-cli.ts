// `npm run backup [-- <file>]` and `npm run restore -- <file>` (see backup.ts).
import { parseArgs } from 'node:util';
import { backupSettings, fromWhereRun, loadEnvOrExit, reportFailure } from '@second-gear/config';
import { backup, restore } from './backup.ts';

const usage = `Usage:
  npm run backup [-- <file>]    the data directory into an archive (default: ./backups/<time>.tar.gz)
  npm run restore -- <file>     the data directory from an archive; the current one is kept aside

Both need the marketplace stopped (Ctrl-C). DATA_DIR says which data directory (default ./data).
`;

const main = async (argv: string[]): Promise<number> => {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { help: { type: 'boolean' } },
  });
  const [command, file] = positionals;
  if (values.help || (command !== 'backup' && command !== 'restore')) {
    process.stderr.write(usage);
    return values.help ? 0 : 64;
  }
  const { DATA_DIR: dataDir } = loadEnvOrExit(backupSettings);
  if (command === 'backup') {
    const written = await backup(dataDir, file === undefined ? undefined : fromWhereRun(file));
    process.stdout.write(`backed up ${dataDir} to ${written}\n`);
    return 0;
  }
  if (file === undefined) {
    process.stderr.write(usage);
    return 64;
  }
  const aside = await restore(dataDir, fromWhereRun(file));
  process.stdout.write(
    `restored ${dataDir} from ${fromWhereRun(file)}${aside ? `; what was there is kept in ${aside}` : ''}\n`,
  );
  return 0;
};

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) =>
  reportFailure(error, process.argv[2] === 'restore' ? 'restore' : 'backup'),
);
