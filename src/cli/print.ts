// `cgc print FILE [--format pretty|generic] [-o OUT] [--weights W.safetensors]`: parse, verify, print.
import { writeFileSync } from 'node:fs';
import { formatDiagnostic, printModule } from '../ir';
import { parseArgs, UsageError } from './args';
import { loadModel } from './load';
import type { CliIO } from './main';

export const PRINT_USAGE = 'cgc print FILE [--format pretty|generic] [-o OUT] [--weights W.safetensors]';

export function printCommand(argv: readonly string[], io: CliIO): number {
  const { positionals, flags } = parseArgs(argv, { format: true, output: true, weights: true }, { o: 'output' });
  if (positionals.length !== 1) throw new UsageError(`expected one input file\nusage: ${PRINT_USAGE}`);
  const format = flags.get('format') ?? 'pretty';
  if (format !== 'pretty' && format !== 'generic') throw new UsageError(`--format must be 'pretty' or 'generic', got '${format}'`);
  const loaded = loadModel(positionals[0]!, flags.get('weights'));
  for (const d of loaded.diagnostics) io.stderr(formatDiagnostic(d));
  if (!loaded.module) return 1;
  const text = printModule(loaded.module, { form: format });
  const out = flags.get('output');
  if (out) writeFileSync(out, text);
  else io.stdout(text.replace(/\n$/, ''));
  return 0;
}
