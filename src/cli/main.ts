// The `bughunt` command line (bin/bughunt.js loads this through tsx). Everything lives in cli.ts
// so tests can run commands in-process; this file only connects it to the process.
import { runCli } from './cli.ts';

// `bughunt odds '10d10!' | head` closes the pipe before the output ends: that is the reader being
// done, not an error, so stop quietly instead of dying on an unhandled EPIPE with a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

process.exitCode = await runCli(process.argv.slice(2));
