// `cgc compile`, `cgc plan` and `cgc partitions`: compile a model to Output IR with the default
// targets (WebGPU fused, per-op fallback, CPU reference) and any target files given, and print the
// IR, the memory plan, or the partitions with the decision log.
import { writeFileSync } from 'node:fs';
import { type Target, formatDiagnostic, printModule, writeBytecode } from '../ir';
import { decisionLines, planText } from '../compiler/dump';
import type { CompileState } from '../compiler/state';
import { CgcError, GRANULARITIES, validateGranularity } from '../core';
import { plannedRunCounts } from '../runtime/runtime';
import { LIMIT_FLAGS, LIMITS_USAGE, limitsFromFlags, parseArgs, parseShapes, UsageError } from './args';
import { TARGET_FLAGS, TARGETS_USAGE, targetOptionsFromFlags } from './targets';
import { loadModel } from './load';
import type { CliIO } from './main';

const COMMON = `MODEL [--weights W.safetensors] [--shape NAME=DxD…] [--granularity ${GRANULARITIES.join('|')}] ${TARGETS_USAGE} ${LIMITS_USAGE}`;
export const COMPILE_USAGE = `cgc compile ${COMMON} [--format pretty|generic|bytecode] [-o OUT]`;
export const PLAN_USAGE = `cgc plan ${COMMON}`;
export const PARTITIONS_USAGE = `cgc partitions ${COMMON}`;


function compileFromArgs(argv: readonly string[], io: CliIO, usage: string, extra: Record<string, boolean> = {}):
  { state?: CompileState; targets?: readonly Target[]; flags: Map<string, string> } {
  const args = parseArgs(argv, { weights: true, granularity: true, shape: true, ...TARGET_FLAGS, ...LIMIT_FLAGS, ...extra }, { o: 'output' });
  const { positionals, flags } = args;
  if (positionals.length !== 1) throw new UsageError(`expected one model file\nusage: ${usage}`);
  const granularity = validateGranularity(flags.get('granularity'), '--granularity');
  const shapes = parseShapes(flags.get('shape'));
  const targetOptions = targetOptionsFromFlags(args);
  const limits = limitsFromFlags(flags);
  const loaded = loadModel(positionals[0]!, { ...(flags.has('weights') ? { weightsFile: flags.get('weights')! } : {}), limits, ...(shapes ? { shapes } : {}) });
  for (const d of loaded.diagnostics) io.stderr(formatDiagnostic(d));
  if (!loaded.model) return { flags };
  try {
    const program = loaded.model.compile({ ...targetOptions, granularity, limits });
    return { state: program.state, targets: program.targets, flags };
  } catch (e) {
    if (e instanceof CgcError) {
      io.stderr(`${positionals[0]}: error: ${e.message}`);
      return { flags };
    }
    throw e;
  }
}

export function compileCommand(argv: readonly string[], io: CliIO): number {
  const { state, flags } = compileFromArgs(argv, io, COMPILE_USAGE, { format: true, output: true });
  const format = flags.get('format') ?? 'pretty';
  if (!['pretty', 'generic', 'bytecode'].includes(format)) throw new UsageError(`--format must be pretty, generic or bytecode; got '${format}'`);
  if (format === 'bytecode' && !flags.get('output')) throw new UsageError('--format bytecode writes binary: give the output file with -o OUT.mlirbc');
  if (!state) return 1;
  const out = flags.get('output');
  if (format === 'bytecode') writeFileSync(out!, writeBytecode(state.output!));
  else if (out) writeFileSync(out, printModule(state.output!, { form: format as 'pretty' | 'generic' }));
  else io.stdout(printModule(state.output!, { form: format as 'pretty' | 'generic' }).replace(/\n$/, ''));
  return 0;
}

export function planCommand(argv: readonly string[], io: CliIO): number {
  const { state } = compileFromArgs(argv, io, PLAN_USAGE);
  if (!state) return 1;
  io.stdout(planText(state).replace(/\n$/, ''));
  return 0;
}

export function partitionsCommand(argv: readonly string[], io: CliIO): number {
  const { state, targets } = compileFromArgs(argv, io, PARTITIONS_USAGE);
  if (!state) return 1;
  const lines: string[] = [];
  for (const p of state.partitions) {
    lines.push(`partition @${p.name} (target ${p.target})${p.dependsOn.length ? ` after ${p.dependsOn.map((d) => `@${d}`).join(', ')}` : ''}`);
    for (const step of p.steps) {
      const sg = state.schedule[step]!;
      lines.push(`  step ${step}: subgraph @${sg.symbol} origin=${sg.target} pattern=@${sg.pattern} ops=[${sg.ops.map((o) => o.opName).join(', ')}]`);
    }
  }
  const counts = plannedRunCounts(state.output!, targets!);
  lines.push(`per run: ${counts.dispatches} GPU dispatches (kernels), ${counts.submits} queue submit(s)`);
  lines.push('', 'decisions:', ...decisionLines(state).map((l) => `  ${l}`));
  io.stdout(lines.join('\n'));
  return 0;
}
