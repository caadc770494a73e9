// `cgc info FILE [--weights W.safetensors]`: what a model file is — its interface (the spec's GUID
// and name), dialect version, format, op counts, and its constants and their bytes; for a compiled
// program also its format version, device profile, partitions with their targets and kernels.
import { append } from '../core';
import { CONSTANT, PARTITION } from '../ir/structural';
import {
  INTERFACE_ATTR, INTERFACES, VERSION_ATTR, byteSize, documentOf, formatDiagnostic, interfaceName, isolatePartition, type Operation, targetNamed,
} from '../ir';
import { PROGRAM_FORMAT, ProgramError, moduleRole, programOf, type ProgramFile } from '../engine/program';
import { defaultTargets } from '../engine/targets';
import { LIMIT_FLAGS, LIMITS_USAGE, limitsFromFlags, parseArgs, UsageError } from './args';
import { loadModel } from './load';
import type { CliIO } from './main';

export const INFO_USAGE = `cgc info FILE [--weights W.safetensors] ${LIMITS_USAGE}`;

export interface ModelInfo {
  interface: string;
  version: string;
  opCounts: [string, number][];
  constants: number;
  constantBytes: number;
  constantsWithData: number;
}

export function modelInfo(module: Operation, weights?: ReadonlyMap<string, unknown>): ModelInfo {
  const iface = module.attr(INTERFACE_ATTR);
  const ver = module.attr(VERSION_ATTR);
  const counts = new Map<string, number>();
  const constants = new Map<string, number>();
  for (const op of module.walk()) {
    if (op === module) continue;
    counts.set(op.name, (counts.get(op.name) ?? 0) + 1);
    const name = op.attr('name');
    if (op.name === CONSTANT && name?.kind === 'string') constants.set(name.value, byteSize(op.results[0]!.type));
  }
  const guid = iface?.kind === 'string' ? iface.value : undefined;
  return {
    interface: guid ? `${interfaceName(guid) ?? 'unknown interface'} {${guid}}` : '(none)',
    version: ver?.kind === 'string' ? ver.value : '(none)',
    opCounts: [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
    constants: constants.size,
    constantBytes: [...constants.values()].reduce((s, b) => s + b, 0),
    constantsWithData: weights ? [...constants.keys()].filter((k) => weights.has(k)).length : 0,
  };
}

export function infoCommand(argv: readonly string[], io: CliIO): number {
  const { positionals, flags } = parseArgs(argv, { weights: true, ...LIMIT_FLAGS });
  if (positionals.length !== 1) throw new UsageError(`expected one input file\nusage: ${INFO_USAGE}`);
  const loaded = loadModel(positionals[0]!, { ...(flags.has('weights') ? { weightsFile: flags.get('weights')! } : {}), limits: limitsFromFlags(flags) });
  for (const d of loaded.diagnostics) io.stderr(formatDiagnostic(d));
  if (!loaded.module) return 1;
  const info = modelInfo(loaded.module, loaded.weights);
  const lines = [
    `file:       ${positionals[0]}`,
    `format:     ${loaded.format === 'bytecode' ? `MLIR bytecode (producer ${loaded.producer ?? '?'})` : loaded.format === 'onnx' ? 'ONNX (imported)' : 'CGC IR text'}`,
    `interface:  ${info.interface}`,
    `version:    ${info.version}`,
    `constants:  ${info.constants} (${info.constantBytes} bytes; data for ${info.constantsWithData})`,
    `ops:        ${info.opCounts.reduce((s, [, n]) => s + n, 0)}`,
    ...info.opCounts.map(([name, n]) => `  ${String(n).padStart(6)}  ${name}`),
  ];
  if (moduleRole(loaded.module) === 'CGC_OUTPUT') {
    try {
      append(lines, programLines(programOf(loaded.module, new Map([...(loaded.weights ?? [])].map(([k, t]) => [k, t.data])), positionals[0])));
    } catch (e) {
      if (!(e instanceof ProgramError)) throw e;
      lines.push(`program:    not one this build runs: ${e.message}`);
    }
  }
  io.stdout(lines.join('\n'));
  return 0;
}

/** A program's format, profile, weights, and each partition with its target and kernels (as the target describes them). */
function programLines(program: ProgramFile): string[] {
  const lines = [
    `program:    format ${program.format} (this build reads ${PROGRAM_FORMAT})`,
    `profile:    features: ${program.profile.features.join(', ') || 'none'}`,
    ...Object.entries(program.profile.limits).map(([k, v]) => `            ${k} = ${v}`),
    `weights:    ${program.weightsFile !== undefined ? `in ${program.weightsFile}` : `${[...program.constants.values()].reduce((n, b) => n + b.length, 0)} bytes inside (${program.constants.size} resources)`}`,
  ];
  const targets = defaultTargets(program.profile);
  for (const p of program.output.body().operations.filter((o) => o.name === PARTITION && o.symbolName)) {
    const name = p.symbolName!;
    // A partition runs on the target of its subgraphs (their origin), as the runtime finds it.
    const isolated = isolatePartition(program.output, name);
    const target = isolated.body().operations.map((o) => o.attr('origin')).find((a) => a?.kind === 'string') as { value: string } | undefined;
    if (!target) continue;
    const described = targetNamed(targets, target.value, `partition @${name}`).describe(documentOf(INTERFACES.CGC_SUBGRAPH_PARTITION, isolated), name);
    lines.push(`partition @${name} (target ${target.value}, ${described.where}): ${described.kernels.length} kernel(s)`);
    for (const k of described.kernels) lines.push(`  ${k.name}  workgroups ${k.workgroups.join('x')}  (${k.wgsl.length} chars of WGSL)`);
    for (const [sym, note] of Object.entries(described.notes ?? {})) lines.push(`  @${sym}: ${note}`);
  }
  return lines;
}
