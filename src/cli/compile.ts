// `cgc compile`, `cgc plan` and `cgc partitions`: compile a model to Output IR with the default
// targets (WebGPU fused, per-op fallback, CPU reference) and any target files given, and print the
// IR, the memory plan, or the partitions with the decision log.
import { writeFileSync } from 'node:fs';
import type { CompileState } from '../compiler/state';
import { ARENA_SETTINGS, CgcError, append, GRANULARITIES, validateArenas, validateGranularity } from '../core';
import { dirname, relative, resolve } from 'node:path';
import { INTERFACES, type Operation, type Target, documentOf, formatDiagnostic, isolatePartition, printModule, targetNamed } from '../ir';
import { ATTR, CONSTANT } from '../ir/structural';
import { type NamedTensor, writeSafetensors } from '../ir/safetensors';
import { PROGRAM_FORMAT, moduleRole, writeProgram } from '../engine/program';
import { DEFAULT_GPU_PROFILE } from '../webgpu-target/limits';
import { READABLE_OUTPUT, afterText, decisionLines, planText, stepAfterText } from '../compiler/dump';
import { plannedRunCounts } from '../runtime/run-counts';
import { hostPartitionReasons } from '../engine/host-partitions';
import { LIMIT_FLAGS, LIMITS_USAGE, limitsFromFlags, parseArgs, parseShapes, UsageError } from './args';
import { TARGET_FLAGS, TARGETS_USAGE, targetOptionsFromFlags } from './targets';
import { loadModel } from './load';
import type { CliIO } from './main';

const COMMON = `MODEL [--weights W.safetensors] [--shape NAME=DxD…] [--granularity ${GRANULARITIES.join('|')}] [--arenas ${ARENA_SETTINGS.join('|')}] ${TARGETS_USAGE} ${LIMITS_USAGE}`;
export const COMPILE_USAGE = `cgc compile ${COMMON} [--format pretty|generic|bytecode] [-o OUT] [--weights-out W.safetensors]`;
export const PLAN_USAGE = `cgc plan ${COMMON}`;
export const PARTITIONS_USAGE = `cgc partitions ${COMMON}`;


function compileFromArgs(argv: readonly string[], io: CliIO, usage: string, extra: Record<string, boolean> = {}):
  { state?: CompileState; targets?: readonly Target[]; flags: Map<string, string>; file: string; weights?: ReadonlyMap<string, NamedTensor> } {
  const args = parseArgs(argv, { weights: true, granularity: true, arenas: true, shape: true, ...TARGET_FLAGS, ...LIMIT_FLAGS, ...extra }, { o: 'output' });
  const { positionals, flags } = args;
  if (positionals.length !== 1) throw new UsageError(`expected one model file\nusage: ${usage}`);
  const granularity = validateGranularity(flags.get('granularity'), '--granularity');
  const arenas = validateArenas(flags.get('arenas'), '--arenas');
  const shapes = parseShapes(flags.get('shape'));
  const targetOptions = targetOptionsFromFlags(args);
  const limits = limitsFromFlags(flags);
  const loaded = loadModel(positionals[0]!, { ...(flags.has('weights') ? { weightsFile: flags.get('weights')! } : {}), limits, ...(shapes ? { shapes } : {}) });
  for (const d of loaded.diagnostics) io.stderr(formatDiagnostic(d));
  const file = positionals[0]!;
  if (!loaded.module) return { flags, file };
  if (moduleRole(loaded.module) === 'CGC_OUTPUT') {
    io.stderr(`${positionals[0]}: error: this is a compiled program (CGC Output IR), not a model: run it with \`cgc run ${positionals[0]}\` (\`cgc info\` describes it)`);
    return { flags, file };
  }
  try {
    const program = loaded.model!.compile({ ...targetOptions, granularity, arenas, limits });
    return { state: program.state, targets: program.targets, flags, file, ...(loaded.weights ? { weights: loaded.weights } : {}) };
  } catch (e) {
    if (e instanceof CgcError) {
      io.stderr(`${positionals[0]}: error: ${e.message}`);
      return { flags, file };
    }
    throw e;
  }
}

export function compileCommand(argv: readonly string[], io: CliIO): number {
  const { state, flags, file, weights } = compileFromArgs(argv, io, COMPILE_USAGE, { format: true, output: true, 'weights-out': true });
  const format = flags.get('format') ?? 'pretty';
  if (!['pretty', 'generic', 'bytecode'].includes(format)) throw new UsageError(`--format must be pretty, generic or bytecode; got '${format}'`);
  if (format === 'bytecode' && !flags.get('output')) throw new UsageError('--format bytecode writes binary: give the output file with -o OUT.mlirbc');
  if (flags.has('weights-out') && format !== 'bytecode') throw new UsageError('--weights-out goes with --format bytecode (a program whose weights lie beside it)');
  if (!state) return 1;
  const out = flags.get('output');
  if (format === 'bytecode') {
    const missing = constantNames(state.output!).filter((n) => !weights?.has(n));
    if (missing.length) {
      io.stderr(`${file}: error: a program carries its weights, but ${missing.length} constant(s) have no data: ${missing.slice(0, 5).map((n) => `"${n}"`).join(', ')}${missing.length > 5 ? ', …' : ''}; give them with --weights W.safetensors`);
      return 1;
    }
    writeProgramFiles(state.output!, out!, flags.get('weights-out'), weights);
    io.stderr(`wrote a compiled program (CGC_OUTPUT, program format ${PROGRAM_FORMAT}, specialized for WebGPU's default limits) to ${out}${flags.has('weights-out') ? `, its weights to ${flags.get('weights-out')}` : ''}`);
  } else if (out) writeFileSync(out, printModule(state.output!, { form: format as 'pretty' | 'generic' }));
  else io.stdout(printModule(state.output!, { form: format as 'pretty' | 'generic', ...READABLE_OUTPUT }).replace(/\n$/, ''));
  return 0;
}

/** The names of the constants `module` binds. */
function constantNames(module: Operation): string[] {
  const names = new Set<string>();
  for (const op of module.walk()) if (op.name === CONSTANT) names.add((op.attr(ATTR.constantName) as { value: string }).value);
  return [...names];
}

/**
 * The program (specialized for WebGPU's default profile, which every device meets) with its weights
 * inside, or in `weightsOut` beside it, which the program names relative to itself.
 */
function writeProgramFiles(output: Operation, out: string, weightsOut: string | undefined, weights: ReadonlyMap<string, NamedTensor> | undefined): void {
  const used = new Set(constantNames(output));
  const tensors = [...(weights?.values() ?? [])].filter((t) => used.has(t.name));
  if (weightsOut === undefined) {
    writeFileSync(out, writeProgram(output, { profile: DEFAULT_GPU_PROFILE, constants: new Map(tensors.map((t) => [t.name, t.data])) }));
    return;
  }
  writeFileSync(weightsOut, writeSafetensors(tensors));
  writeFileSync(out, writeProgram(output, { profile: DEFAULT_GPU_PROFILE, weightsFile: relative(dirname(resolve(out)), resolve(weightsOut)) }));
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
  const isolated = new Map(state.partitions.map((p) => [p.name, isolatePartition(state.output!, p.name)]));
  const host = hostPartitionReasons(state, targets!, isolated);
  for (const p of state.partitions) {
    lines.push(`partition @${p.name} (target ${p.target})${afterText(p)}`);
    for (const why of host.get(p.name) ?? []) lines.push(`  on the host because ${why}`);
    // Each step's kernels, so that a model's dispatches can be read per layer (docs/webgpu-target.md).
    const described = targetNamed(targets!, p.target, `partition @${p.name}`).describe(documentOf(INTERFACES.CGC_SUBGRAPH_PARTITION, isolated.get(p.name)!), p.name);
    for (const step of p.steps) {
      const sg = state.schedule[step]!;
      const mine = described.kernels.filter((k) => k.subgraph === sg.symbol);
      const names = (ks: typeof mine) => [...new Set(ks.map((k) => k.name.startsWith(`${sg.symbol}.`) ? k.name.slice(sg.symbol.length + 1) : k.name))].join(', ');
      // A device partition's kernels by region: a loop body's per iteration, an if's per branch.
      const regions = [...new Set(mine.map((k) => k.region ?? 'body'))];
      const kernelText = described.where === 'gpu' ? ` kernels=[${names(mine)}]`
        : described.where === 'device' ? regions.map((r) => ` ${r === 'body' ? 'kernels per iteration' : `${r} kernels`}=[${names(mine.filter((k) => (k.region ?? 'body') === r))}]`).join('')
        : '';
      lines.push(`  step ${step}: subgraph @${sg.symbol} origin=${sg.target} pattern=@${sg.pattern} ops=[${sg.ops.map((o) => o.opName).join(', ')}]${kernelText}${stepAfterText(state.stepDependencies[step]!)}`);
    }
  }
  const counts = plannedRunCounts(state.output!, targets!);
  lines.push(`per run: ${counts.dispatches} GPU dispatches (kernels), ${counts.submits} queue submit(s)`);
  lines.push('', 'decisions:');
  append(lines, decisionLines(state).map((l) => `  ${l}`));
  io.stdout(lines.join('\n'));
  return 0;
}
