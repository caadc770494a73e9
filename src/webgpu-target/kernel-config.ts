// The WebGPU targets' specialization configuration: a subgraph's kernels as an IR attribute, which an
// accepting specialization answer carries and the compiler records on the subgraph in the Output IR.
// One dictionary per kernel, in dispatch order:
//   {bindings = [0, 1, 3], inputs = 3, name = ".0", output = 3, wgsl = "…", workgroups = [x, y, z]}
// (plus `outputs` and `workspace` where a kernel has them, and `pieces = [binding, argument, byte
// offset, bytes, …]` where it binds ranges of an argument, `params = [sizes…]` and `params_binding`
// where it reads sizes from a uniform; keys sorted, as MLIR keeps a dictionary). A name is relative to the subgraph's
// symbol, because identical subgraphs share one answer: @convRelu's kernel ".0" is `convRelu.0`.
import { CgcError } from '../core';
import { type Attribute, arrayAttr, dictAttr, intAttr, intsAttr, stringAttr } from '../ir/attributes';
import { type KernelSpec, MAX_PARAMS, resultBindings } from './kernel-spec';
import { DEFAULT_GPU_PROFILE, type GpuProfile } from './limits';

/** The configuration of kernels planned under the symbol `symbol`. */
export function kernelsAttr(kernels: readonly KernelSpec[], symbol: string): Attribute {
  return arrayAttr(kernels.map((k) => dictAttr([
    ['bindings', intsAttr(k.bindings)],
    ['inputs', intAttr(k.inputs)],
    ['name', stringAttr(k.name.startsWith(symbol) ? k.name.slice(symbol.length) : `.${k.name}`)],
    ['output', intAttr(k.output)],
    ...(k.outputs !== undefined ? [['outputs', intAttr(k.outputs)] as const] : []),
    ...(k.params ? [['params', intsAttr(k.params)] as const, ['params_binding', intAttr(k.paramsBinding ?? 0)] as const] : []),
    ...(k.pieces ? [['pieces', intsAttr(k.pieces.flatMap((p) => [p.binding, p.arg, p.offset, p.size]))] as const] : []),
    ['wgsl', stringAttr(k.wgsl)],
    ['workgroups', intsAttr(k.workgroups)],
    ...(k.workspace !== undefined ? [['workspace', intAttr(k.workspace)] as const] : []),
  ])));
}

export class KernelConfigError extends CgcError {
  override name = 'KernelConfigError';
  constructor(message: string) {
    super('parse', message);
  }
}

/** The kernels of subgraph `symbol` from its configuration (`kernelsAttr`'s form); throws KernelConfigError naming what is malformed. */
export function kernelsFromAttr(attr: Attribute, symbol: string): KernelSpec[] {
  const fail = (what: string): never => { throw new KernelConfigError(`@${symbol}: configuration ${what}`); };
  if (attr.kind !== 'array') return fail('is not an array of kernels');
  return attr.elements.map((k, i) => {
    if (k.kind !== 'dict') return fail(`kernel #${i} is not a dictionary`);
    const int = (key: string, optional = false): number | undefined => {
      const a = k.entries.get(key);
      if (a === undefined && optional) return undefined;
      return a?.kind === 'int' && a.value >= 0 ? a.value : fail(`kernel #${i} needs '${key}', a non-negative integer`);
    };
    const ints = (key: string): number[] => {
      const a = k.entries.get(key);
      if (a?.kind !== 'array' || a.elements.some((e) => e.kind !== 'int' || e.value < 0)) return fail(`kernel #${i} needs '${key}', an array of non-negative integers`);
      return a.elements.map((e) => (e as { value: number }).value);
    };
    const str = (key: string): string => {
      const a = k.entries.get(key);
      return a?.kind === 'string' ? a.value : fail(`kernel #${i} needs '${key}', a string`);
    };
    const workgroups = ints('workgroups');
    if (workgroups.length !== 3) fail(`kernel #${i} 'workgroups' needs 3 counts`);
    const outputs = int('outputs', true);
    const workspace = int('workspace', true);
    const flat = k.entries.has('pieces') ? ints('pieces') : [];
    if (flat.length % 4) fail(`kernel #${i} 'pieces' needs groups of 4 (binding, argument, offset, bytes)`);
    const pieces = Array.from({ length: flat.length / 4 }, (_, j) => ({ binding: flat[4 * j]!, arg: flat[4 * j + 1]!, offset: flat[4 * j + 2]!, size: flat[4 * j + 3]! }));
    const params = k.entries.has('params') ? ints('params') : undefined;
    if (params && !k.entries.has('params_binding')) fail(`kernel #${i} has 'params' but no 'params_binding'`);
    const paramsBinding = params ? int('params_binding') : undefined;
    return {
      name: `${symbol}${str('name')}`, wgsl: str('wgsl'), workgroups: workgroups as [number, number, number],
      inputs: int('inputs')!, output: int('output')!, ...(outputs !== undefined ? { outputs } : {}), ...(workspace !== undefined ? { workspace } : {}),
      bindings: ints('bindings'), ...(pieces.length ? { pieces } : {}), ...(params ? { params, paramsBinding } : {}),
    };
  });
}

/** The most WGSL one recorded kernel may carry: the planned kernels are a few KiB; a program from elsewhere is capped before its source reaches the device. */
export const MAX_KERNEL_WGSL_BYTES = 1024 * 1024;

/**
 * Checks kernels from elsewhere (a program's recorded configuration, a target file's template)
 * against `profile`, before any of their WGSL reaches the device: source size, binding count and
 * each binding's place (an input, a result, the workspace, or a piece of an input bound in pieces),
 * workgroup counts, workspace size.
 */
export function checkKernels(kernels: readonly KernelSpec[], profile: GpuProfile): void {
  const limit = (name: string) => profile.limits[name] ?? DEFAULT_GPU_PROFILE.limits[name]!;
  for (const k of kernels) {
    const fail = (what: string): never => { throw new KernelConfigError(`kernel ${k.name}: ${what}`); };
    if (k.wgsl.length > MAX_KERNEL_WGSL_BYTES) fail(`its WGSL is ${k.wgsl.length} characters; at most ${MAX_KERNEL_WGSL_BYTES} are read`);
    const maxBindings = limit('maxStorageBuffersPerShaderStage');
    if (k.bindings.length > maxBindings) fail(`${k.bindings.length} bindings; the device allows ${maxBindings} storage buffers per shader stage (maxStorageBuffersPerShaderStage)`);
    const results = new Set(resultBindings(k));
    const workspace = k.workspace ? k.output + (k.outputs ?? 1) : undefined;
    const pieces = new Set((k.pieces ?? []).map((p) => p.binding));
    const seen = new Set<number>();
    for (const b of k.bindings) {
      if (seen.has(b)) fail(`binding ${b} is listed twice`);
      seen.add(b);
      if (!(b < k.inputs || results.has(b) || b === workspace || pieces.has(b))) fail(`binding ${b} is none of its ${k.inputs} inputs, its results (${[...results].join(', ')}), its workspace or a piece of an input`);
    }
    if (k.params) {
      if (k.params.length > MAX_PARAMS || k.params.some((v) => v >= 2 ** 31)) fail(`its ${k.params.length} size parameters are more than ${MAX_PARAMS} or not all i32`);
      if (k.paramsBinding === undefined || seen.has(k.paramsBinding)) fail(`its size parameters' binding ${k.paramsBinding} is also a storage binding`);
    }
    const maxPiece = limit('maxStorageBufferBindingSize');
    const bigPiece = (k.pieces ?? []).find((p) => p.size > maxPiece || p.arg >= k.inputs);
    if (bigPiece) fail(`binding ${bigPiece.binding} views ${bigPiece.size} bytes of input ${bigPiece.arg}: past the device's ${maxPiece}-byte storage binding, or not one of its ${k.inputs} inputs`);
    const maxGroups = limit('maxComputeWorkgroupsPerDimension');
    if (k.workgroups.some((n) => n > maxGroups)) fail(`workgroups [${k.workgroups.join(', ')}] pass the device's ${maxGroups} per dimension (maxComputeWorkgroupsPerDimension)`);
    const maxBinding = limit('maxStorageBufferBindingSize');
    if ((k.workspace ?? 0) > maxBinding) fail(`a ${k.workspace}-byte workspace passes the device's ${maxBinding}-byte storage binding (maxStorageBufferBindingSize)`);
  }
}
