// The WebGPU compile targets: `webgpu` (fused kernels, declared in declarations.ts) and
// `webgpu-fallback` (one kernel per op). Both speak only IR documents: they answer declaration and
// specialization requests, declining subgraphs the device cannot run.
import {
  type IRDocument, INTERFACES, type Operation, type PartitionDescription, type Target, type TargetCapabilities, type Value, byteSize, CGC_VERSION,
  registeredOps, typeToString, valueRangeOf,
} from '../ir';
import { SUBGRAPH_INTERFACES, readDocument, readSpecializationRequest, specializationAnswer } from '../ir/exchange';
import { SUBGRAPH } from '../ir/structural';
import { PipelineCache, compilePartition, planPartition } from './executable';
import { webgpuDeclaration } from './declarations';
import { KernelDecline, type KernelOptions, type KernelSpec, planKernels } from './kernel-plan';
import { kernelsAttr } from './kernel-config';
import { hasGenerator } from './wgsl/builder';
import { DEFAULT_GPU_PROFILE, type GpuProfile } from './limits';

/** Ops with a WGSL generator: what the per-op fallback declares; the rest go to the CPU reference. */
export function gpuOps(): string[] {
  return registeredOps().map((d) => d.name).filter(hasGenerator);
}

/** Element types no WebGPU kernel stores or computes yet: their ops run on the CPU reference. */
const HOST_ONLY_ELEMENTS: ReadonlySet<string> = new Set(['float64', 'uint64', 'bfloat16']);

/**
 * The ops the kernels compute uint32 in, held as its 32 bits in i32 (wgsl/builder.ts): moves and
 * selections, ring arithmetic and bitwise ops (the same bits whether signed or not), and the ops
 * whose generators read the bits as u32 (division, mod, max, min, comparisons, abs, sign, shifts,
 * casts; elementwise.ts). Any other op reading or writing uint32 would read it signed.
 */
export const UINT32_OPS: ReadonlySet<string> = new Set([
  'identity', 'reshape', 'flatten', 'squeeze', 'unsqueeze', 'expand', 'transpose', 'tile', 'depth_to_space', 'space_to_depth',
  'concat', 'split', 'slice', 'pad', 'gather', 'gather_elements', 'gather_nd', 'reverse_sequence', 'where', 'non_zero', 'compress',
  'add', 'sub', 'mul', 'div', 'mod', 'max', 'min', 'abs', 'sign', 'cast',
  'equal', 'less', 'less_or_equal', 'greater', 'greater_or_equal', 'bitwise_and', 'bitwise_or', 'bitwise_xor', 'bitwise_not', 'bit_shift',
  // A uint32 exponent (the base is never uint32), converted to f32 unsigned.
  'pow',
]);

/** Why the kernels cannot hold one of `def`'s tensors, if one has an element type they do not store or an op they do not compute it in. */
function elementCheck(def: Operation): string | undefined {
  const v = [...def.body().arguments, ...def.body().operations.flatMap((o) => o.results)].find((x) => HOST_ONLY_ELEMENTS.has(x.type.element));
  if (v) return `WebGPU kernels take no !cgc.${v.type.element} tensors (${typeToString(v.type)}); the CPU reference computes them`;
  const unsigned = def.body().operations.find((o) => o.name.startsWith('cgc_op.') && !UINT32_OPS.has(o.opName)
    && [...o.operands, ...o.results].some((x) => x.type.element === 'uint32'));
  return unsigned ? `${unsigned.name} on !cgc.uint32 is not computed by WebGPU kernels (they compute uint32 in moves, +, −, ×, ÷, mod, max, min, comparisons, bitwise ops, shifts, casts and as a pow exponent); the CPU reference computes it` : undefined;
}

/**
 * The fused target; `disabledPatterns` names patterns of its declaration (WEBGPU_PATTERN_NAMES) it
 * leaves out, so that a fusion can be measured against the kernels it replaces.
 */
export function createWebGpuTarget(
  profile: GpuProfile = DEFAULT_GPU_PROFILE, options: KernelOptions = {}, disabledPatterns: readonly string[] = [],
): Target {
  const declaration = webgpuDeclaration(new Set(disabledPatterns));
  return gpuTarget('webgpu', profile, options, () => declaration, (def) => {
    const host = elementCheck(def);
    if (host) return host;
    // An int64 argument read only as gather indices is exact in i32 (the runtime checks on upload that
    // int64 operands fit); any other int64 value would be computed in 32 bits.
    const users = (v: Value) => def.body().operations.filter((o) => o.operands.includes(v as never));
    const indicesOnly = (v: Value) => def.body().arguments.includes(v as never) && users(v).every((o) => o.opName === 'gather' && o.operands.indexOf(v as never) === 1);
    const int64 = [...def.body().arguments, ...def.body().operations.flatMap((o) => o.results)].find((v) => v.type.element === 'int64' && !indicesOnly(v));
    return int64 ? `fused kernels take no int64 tensors (${typeToString(int64.type)}) but gather indices; the per-op fallback emulates them` : undefined;
  });
}

/**
 * Ops whose int64 results the kernels compute exactly in i32: they move, select, compare or clamp
 * their operands' values (or widen a narrower integer), so every result is an operand value, and the
 * runtime checks on upload that int64 operands fit in the int32 range; or they are indices and counts
 * of elements (non_zero, compress, non_max_suppression, unique), below an operand's size. Arithmetic (add, mul, neg,
 * cumsum, reductions that sum, …) could leave that range and stays on the CPU reference.
 */
export const INT64_EXACT_OPS: ReadonlySet<string> = new Set([
  'identity', 'reshape', 'flatten', 'squeeze', 'unsqueeze', 'expand', 'transpose', 'tile', 'depth_to_space', 'space_to_depth',
  'concat', 'split', 'slice', 'pad', 'trilu', 'gather', 'gather_elements', 'gather_nd', 'reverse_sequence', 'one_hot', 'resize', 'upsample',
  'where', 'max', 'min', 'relu', 'clip', 'reduce_max', 'reduce_min', 'max_pool', 'cast', 'top_k',
  'non_zero', 'compress', 'non_max_suppression', 'unique',
  // Not an operand value, but a flat index into x, which the GPU's buffer limits keep below 2^31.
  'max_pool_indices',
]);

/**
 * Integer arithmetic whose int64 result is exact in i32 whenever the result fits in int32: the
 * kernels compute on the operands' low words modulo 2³², and a ring operation's result modulo 2³² is
 * the true one when it lies in the range. The compiler proves that with `cgc.value_range`.
 */
export const INT64_RING_OPS: ReadonlySet<string> = new Set(['add', 'sub', 'mul', 'neg', 'cumsum']);

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/** Why the per-op kernel cannot produce `def`'s int64 results exactly (WGSL has no 64-bit integers), if it cannot. */
function int64Check(def: Operation): string | undefined {
  for (const op of def.body().operations) {
    const int64 = op.results.find((r) => r.type.element === 'int64');
    if (!int64 || !op.name.startsWith('cgc_op.')) continue;
    const range = valueRangeOf(op.attributes);
    if (INT64_RING_OPS.has(op.opName) && range && range[0] >= INT32_MIN && range[1] <= INT32_MAX) continue;
    if (!INT64_EXACT_OPS.has(op.opName)) {
      return `${op.name} with an int64 result (${typeToString(int64.type)}) would be computed in 32 bits (WGSL has no 64-bit integers) and its values are not proven to fit in int32 (cgc.value_range); the CPU reference computes it exactly`;
    }
  }
  return undefined;
}

/**
 * The per-op fallback's verdict on a subgraph definition: its kernels, or why the device or the
 * kernel generators cannot run it (what the fallback answers a specialization request with).
 */
export function fallbackKernels(def: Operation, profile: GpuProfile, options: KernelOptions): KernelSpec[] | string {
  return deviceCheck(def, profile) ?? elementCheck(def) ?? int64Check(def) ?? kernelCheck(def, profile, options);
}

export function createWebGpuFallbackTarget(profile: GpuProfile = DEFAULT_GPU_PROFILE, options: KernelOptions = {}): Target {
  const ops = gpuOps();
  const declaration = `cgc.module attributes {cgc.interface = "${INTERFACES.CGC_SUBGRAPH_DECLARATION}", cgc.version = "${CGC_VERSION}"} {
  // any single op with a GPU kernel  ⇒  that kernel
  cgc_pattern.pattern @single_op attributes {benefit = 1, nodes = [{ops = [${ops.map((o) => `"${o}"`).join(', ')}]}]}
}
`;
  return gpuTarget('webgpu-fallback', profile, options, () => declaration, (def) => elementCheck(def) ?? int64Check(def));
}

function gpuTarget(name: string, profile: GpuProfile, options: KernelOptions, declaration: () => string, extraCheck: (def: Operation) => string | undefined): Target {
  return {
    name,
    open(device, openOptions = {}) {
      // The device's pipeline cache: partitions, loads and models that share a kernel's WGSL share its pipeline.
      const cache = PipelineCache.of(device, openOptions.pipelines);
      return { compilePartition: (partition, partitionName) => compilePartition(device, readDocument(partition, `partition @${partitionName}`), partitionName, cache, options, openOptions.tiers) };
    },
    describe(partition, partitionName): PartitionDescription {
      const isolated = readDocument(partition, `partition @${partitionName}`);
      try {
        const planned = planPartition(isolated, partitionName, profile, options);
        return { where: 'gpu', kernels: planned.map((p) => ({ name: p.kernel.name, subgraph: p.subgraph, wgsl: p.kernel.wgsl, workgroups: p.kernel.workgroups })) };
      } catch (e) {
        if (!(e instanceof KernelDecline)) throw e;
        const symbols = isolated.body().operations.filter((o) => o.name === SUBGRAPH && o.symbolName).map((o) => o.symbolName!);
        return { where: 'gpu', kernels: [], notes: Object.fromEntries(symbols.map((sym) => [sym, `no kernels for this device: ${e.message}`])) };
      }
    },
    capabilities: (): TargetCapabilities => ({
      name, tier: 1, interfaces: [INTERFACES.CGC_INPUT, INTERFACES.CGC_OUTPUT, ...SUBGRAPH_INTERFACES],
      features: [...profile.features], limits: { ...profile.limits },
    }),
    exchange(request: IRDocument): IRDocument {
      if (request.interface === INTERFACES.CGC_SUBGRAPH_DECLARATION_REQUEST) {
        return { interface: INTERFACES.CGC_SUBGRAPH_DECLARATION, text: declaration() };
      }
      const { definition } = readSpecializationRequest(request);
      const reason = deviceCheck(definition, profile) ?? extraCheck(definition);
      if (reason !== undefined) return specializationAnswer(false, reason);
      // Accepted with its kernels: the compiler records them on the subgraph, and loading compiles them as they are.
      const planned = kernelCheck(definition, profile, options);
      return typeof planned === 'string' ? specializationAnswer(false, planned) : specializationAnswer(true, undefined, kernelsAttr(planned, PLANNED_AS));
    },
  };
}

/** The symbol kernels are planned under while specializing (names in the configuration are relative to it). */
const PLANNED_AS = 'subgraph';

/** The subgraph's kernels within the device's storage-buffer limit, or why the kernel generators cannot give them. */
function kernelCheck(def: Operation, profile: GpuProfile, options: KernelOptions): KernelSpec[] | string {
  try {
    // Each kernel binds the buffers it uses (a split-K product's partial kernel reads its operands,
    // its sum the epilogue's side inputs), so the limit holds per kernel, not per subgraph.
    const maxBuffers = profile.limits.maxStorageBuffersPerShaderStage ?? 8;
    const kernels = planKernels(def, PLANNED_AS, profile, options);
    const over = kernels.find((k) => k.bindings.length > maxBuffers);
    if (over) return `kernel ${over.name} binds ${over.bindings.length} buffers, past maxStorageBuffersPerShaderStage (${maxBuffers})`;
    const refused = kernels.find((k) => options.rejectedKernels?.has(k.wgsl));
    return refused ? `kernel ${refused.name} does not compile on this device: ${options.rejectedKernels!.get(refused.wgsl)}` : kernels;
  } catch (e) {
    // A generator that fails for any other reason declines too, saying so: the next target takes
    // the subgraph, and the decision log keeps what went wrong.
    if (e instanceof KernelDecline) return e.message;
    if (e instanceof Error) return `the kernel generator failed: ${e.message}`;
    throw e;
  }
}

/**
 * What this device cannot do for a concrete subgraph: an argument past maxBufferSize, or a value it
 * computes past the binding size limit (an argument past that limit is bound in pieces, see
 * kernel-plan.ts; the buffer count per kernel is kernelCheck's). (float16 needs no 'shader-f16':
 * kernels keep halves in u32 words and compute in f32, see wgsl/builder.ts.)
 */
function deviceCheck(def: Operation, profile: GpuProfile): string | undefined {
  const limit = (name: string) => profile.limits[name] ?? DEFAULT_GPU_PROFILE.limits[name]!;
  const huge = def.body().arguments.find((v) => byteSize(v.type) > limit('maxBufferSize'));
  if (huge) return `${typeToString(huge.type)} is ${byteSize(huge.type)} bytes, past maxBufferSize (${limit('maxBufferSize')})`;
  const big = def.body().operations.flatMap((o) => o.results).find((v) => byteSize(v.type) > limit('maxStorageBufferBindingSize'));
  return big ? `${typeToString(big.type)} is ${byteSize(big.type)} bytes, past maxStorageBufferBindingSize (${limit('maxStorageBufferBindingSize')})` : undefined;
}
