// Process entry of the `cgc` command (bin/cgc.mjs and `npm run cgc` start here).
import { runCli } from './main';

void Promise.resolve(runCli(process.argv.slice(2), {
  stdout: (t) => process.stdout.write(t + '\n'),
  stderr: (t) => process.stderr.write(t + '\n'),
})).then((code) => { process.exitCode = code; });
