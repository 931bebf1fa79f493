// `npm run projections -- <command>`: the operators' commands on this process's environment.
import { runProjectionsCli } from './operator-cli.ts';

process.exitCode = await runProjectionsCli(process.argv.slice(2), process);
