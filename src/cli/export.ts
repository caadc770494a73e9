// `cgc export MODEL -o OUT.mlir [--shape …]`: a model (usually ONNX) as CGC Input IR text plus its
// weights beside it (OUT.safetensors), so it travels as two files that every command reads.
import { writeFileSync } from 'node:fs';
import { formatDiagnostic, printModule } from '../ir';
import { writeSafetensors } from '../ir/safetensors';
import { LIMIT_FLAGS, LIMITS_USAGE, limitsFromFlags, parseArgs, parseShapes, UsageError } from './args';
import { moduleRole } from '../engine/program';
import { loadModel, tagInterface } from './load';
import type { CliIO } from './main';

export const EXPORT_USAGE = `cgc export MODEL -o OUT.mlir [--weights W.safetensors] [--shape NAME=DxD…] ${LIMITS_USAGE}`;

export function exportCommand(argv: readonly string[], io: CliIO): number {
  const { positionals, flags } = parseArgs(argv, { output: true, weights: true, shape: true, ...LIMIT_FLAGS }, { o: 'output' });
  const out = flags.get('output');
  if (positionals.length !== 1 || !out) throw new UsageError(`expected one model and -o OUT.mlir\nusage: ${EXPORT_USAGE}`);
  if (!out.endsWith('.mlir')) throw new UsageError('the output must end in .mlir (its weights go to the .safetensors beside it)');
  const shapes = parseShapes(flags.get('shape'));
  const loaded = loadModel(positionals[0]!, { ...(flags.has('weights') ? { weightsFile: flags.get('weights')! } : {}), limits: limitsFromFlags(flags), ...(shapes ? { shapes } : {}) });
  for (const d of loaded.diagnostics) io.stderr(formatDiagnostic(d));
  if (!loaded.module) return 1;
  if (moduleRole(loaded.module) === 'CGC_OUTPUT') {
    io.stderr(`${positionals[0]}: error: this is a compiled program (CGC Output IR), not a model: export takes a model (\`cgc info\` describes a program)`);
    return 1;
  }
  writeFileSync(out, printModule(tagInterface(loaded.module)));
  const weightsOut = out.replace(/\.mlir$/, '.safetensors');
  writeFileSync(weightsOut, writeSafetensors(loaded.weights?.values() ?? []));
  io.stdout(`wrote ${out} and ${weightsOut} (${loaded.weights?.size ?? 0} constants)`);
  return 0;
}
