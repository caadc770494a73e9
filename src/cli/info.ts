// `cgc info FILE [--weights W.safetensors]`: what a model file is — its interface (the spec's GUID
// and name), dialect version, format, op counts, and its constants and their bytes.
import { CONSTANT } from '../ir/structural';
import { INTERFACE_ATTR, VERSION_ATTR, byteSize, formatDiagnostic, interfaceName, type Operation } from '../ir';
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
  io.stdout(lines.join('\n'));
  return 0;
}
