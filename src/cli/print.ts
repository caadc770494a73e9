// `cgc print FILE [--format pretty|generic|bytecode] [-o OUT] [--weights W.safetensors]`:
// parse (or read bytecode), verify, and print. Bytecode output carries the model's weights as
// resources, so one .mlirbc file is a whole model.
import { writeFileSync } from 'node:fs';
import { formatDiagnostic, printModule, writeBytecode } from '../ir';
import { LIMIT_FLAGS, LIMITS_USAGE, limitsFromFlags, parseArgs, parseShapes, UsageError } from './args';
import { loadModel, tagInterface } from './load';
import type { CliIO } from './main';

export const PRINT_USAGE = `cgc print FILE [--format pretty|generic|bytecode] [-o OUT] [--weights W.safetensors] [--shape NAME=DxD…] ${LIMITS_USAGE}`;

const FORMATS = ['pretty', 'generic', 'bytecode'] as const;

export function printCommand(argv: readonly string[], io: CliIO): number {
  const { positionals, flags } = parseArgs(argv, { format: true, output: true, weights: true, shape: true, ...LIMIT_FLAGS }, { o: 'output' });
  if (positionals.length !== 1) throw new UsageError(`expected one input file\nusage: ${PRINT_USAGE}`);
  const format = flags.get('format') ?? 'pretty';
  if (!(FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}; got '${format}'`);
  const out = flags.get('output');
  if (format === 'bytecode' && !out) throw new UsageError('--format bytecode writes binary: give the output file with -o OUT.mlirbc');
  const shapes = parseShapes(flags.get('shape'));
  const loaded = loadModel(positionals[0]!, { ...(flags.has('weights') ? { weightsFile: flags.get('weights')! } : {}), limits: limitsFromFlags(flags), ...(shapes ? { shapes } : {}) });
  for (const d of loaded.diagnostics) io.stderr(formatDiagnostic(d));
  if (!loaded.module) return 1;
  if (format === 'bytecode') {
    const resources = new Map([...(loaded.weights ?? new Map())].map(([k, t]) => [k, t.data]));
    writeFileSync(out!, writeBytecode(tagInterface(loaded.module), { resources }));
    return 0;
  }
  const text = printModule(loaded.module, { form: format as 'pretty' | 'generic' });
  if (out) writeFileSync(out, text);
  else io.stdout(text.replace(/\n$/, ''));
  return 0;
}
