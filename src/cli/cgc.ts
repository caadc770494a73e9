// Process entry of the `cgc` command (bin/cgc.mjs and `npm run cgc` start here).
import { runCli } from './main';

process.exitCode = runCli(process.argv.slice(2), {
  stdout: (t) => process.stdout.write(t + '\n'),
  stderr: (t) => process.stderr.write(t + '\n'),
});
