// The WebGPU compile targets: `webgpu` (fused kernels, declared in declarations.ts) and
// `webgpu-fallback` (one kernel per op). Both speak only IR documents: they answer declaration and
// specialization requests, declining subgraphs the device cannot run.
import {
  type CompileTarget, type IRDocument, INTERFACES, type Operation, type TargetCapabilities, byteSize, CGC_VERSION,
  registeredOps, typeToString,
} from '../ir';
import { SUBGRAPH_INTERFACES, readSpecializationRequest, specializationAnswer } from '../ir/exchange';
import { WEBGPU_DECLARATION } from './declarations';
import { KernelDecline, planKernels } from './kernel-plan';
import { hasGenerator } from './wgsl/builder';
import { DEFAULT_GPU_PROFILE, type GpuProfile } from './limits';

/** Ops with a WGSL generator: what the per-op fallback declares; the rest go to the CPU reference. */
export function gpuOps(): string[] {
  return registeredOps().map((d) => d.name).filter(hasGenerator);
}

export function createWebGpuTarget(profile: GpuProfile = DEFAULT_GPU_PROFILE): CompileTarget {
  return gpuTarget('webgpu', profile, () => WEBGPU_DECLARATION, (def) => {
    const int64 = [...def.body().arguments, ...def.body().operations.flatMap((o) => o.results)].find((v) => v.type.element === 'int64');
    return int64 ? `fused kernels take no int64 tensors (${typeToString(int64.type)}); the per-op fallback emulates them` : undefined;
  });
}

export function createWebGpuFallbackTarget(profile: GpuProfile = DEFAULT_GPU_PROFILE): CompileTarget {
  const ops = gpuOps();
  const declaration = `cgc.module attributes {cgc.interface = "${INTERFACES.CGC_SUBGRAPH_DECLARATION}", cgc.version = "${CGC_VERSION}"} {
  // any single op with a GPU kernel  ⇒  that kernel
  cgc_pattern.pattern @single_op attributes {benefit = 1, nodes = [{ops = [${ops.map((o) => `"${o}"`).join(', ')}]}]}
}
`;
  return gpuTarget('webgpu-fallback', profile, () => declaration, () => undefined);
}

function gpuTarget(name: string, profile: GpuProfile, declaration: () => string, extraCheck: (def: Operation) => string | undefined): CompileTarget {
  return {
    name,
    capabilities: (): TargetCapabilities => ({
      name, tier: 1, interfaces: [INTERFACES.CGC_INPUT, INTERFACES.CGC_OUTPUT, ...SUBGRAPH_INTERFACES],
      features: [...profile.features], limits: { ...profile.limits },
    }),
    exchange(request: IRDocument): IRDocument {
      if (request.interface === INTERFACES.CGC_SUBGRAPH_DECLARATION_REQUEST) {
        return { interface: INTERFACES.CGC_SUBGRAPH_DECLARATION, text: declaration() };
      }
      const { definition } = readSpecializationRequest(request);
      const reason = deviceCheck(definition, profile) ?? extraCheck(definition) ?? kernelCheck(definition);
      return specializationAnswer(reason === undefined, reason);
    },
  };
}

/** Whether the kernel generators can express the subgraph (the reason when not). */
function kernelCheck(def: Operation): string | undefined {
  try {
    planKernels(def);
    return undefined;
  } catch (e) {
    if (e instanceof KernelDecline) return e.message;
    throw e;
  }
}

/** What this device cannot do for a concrete subgraph: f16 without shader-f16, buffers past binding limits. */
function deviceCheck(def: Operation, profile: GpuProfile): string | undefined {
  const values = [...def.body().arguments, ...def.body().operations.flatMap((o) => o.results)];
  if (!profile.features.includes('shader-f16')) {
    const half = values.find((v) => v.type.element === 'float16');
    if (half) return `the device lacks 'shader-f16' for ${typeToString(half.type)}`;
  }
  const maxBinding = profile.limits.maxStorageBufferBindingSize ?? DEFAULT_GPU_PROFILE.limits.maxStorageBufferBindingSize!;
  const big = values.find((v) => byteSize(v.type) > maxBinding);
  if (big) return `${typeToString(big.type)} is ${byteSize(big.type)} bytes, past maxStorageBufferBindingSize (${maxBinding})`;
  const bindings = def.body().arguments.length + (def.body().operations.at(-1)?.operands.length ?? 0);
  const maxBuffers = profile.limits.maxStorageBuffersPerShaderStage ?? 8;
  if (bindings > maxBuffers) return `${bindings} buffers, past maxStorageBuffersPerShaderStage (${maxBuffers})`;
  return undefined;
}
