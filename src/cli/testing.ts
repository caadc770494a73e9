// The CLI in process for tests: a command's exit code and what it printed.
import { join } from 'node:path';
import { runCli } from './main';

/** The demo ONNX CNN the app ships. */
export const TINY_CNN = join(__dirname, '../../public/models/tiny-cnn.onnx');

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

function start(argv: readonly string[]): { code: number | Promise<number>; printed: () => { out: string; err: string } } {
  let out = '';
  let err = '';
  const code = runCli(argv, { stdout: (t) => { out += t + '\n'; }, stderr: (t) => { err += t + '\n'; } });
  return { code, printed: () => ({ out, err }) };
}

/** `cgc argv…`, awaited. */
export async function cgc(...argv: string[]): Promise<CliRun> {
  const run = start(argv);
  const code = await run.code;
  return { code, ...run.printed() };
}

/** `cgc argv…` for a command that completes synchronously (throws for one that does not). */
export function cgcSync(...argv: string[]): CliRun {
  const run = start(argv);
  if (typeof run.code !== 'number') throw new Error(`cgc ${argv[0]} is asynchronous; use cgc()`);
  return { code: run.code, ...run.printed() };
}
