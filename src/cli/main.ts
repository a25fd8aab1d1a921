// The `bughunt` command line (bin/bughunt.js loads this through tsx). Everything lives in cli.ts
// so tests can run commands in-process; this file only connects it to the process.
import { runCli } from './cli.ts';

process.exitCode = await runCli(process.argv.slice(2));
