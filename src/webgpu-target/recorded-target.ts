// A target that runs the kernels a compiled program recorded, and nothing else: each subgraph's
// configuration (the WGSL, workgroups and bindings its specialization answer gave when the program
// was compiled), turned into pipelines. It generates no WGSL and specializes nothing, so the
// runtime-only entry carries no kernel generator; a subgraph without recorded kernels is refused by
// name. It stands in for the target a partition was compiled by, under that target's name.
import { CgcError } from '../core';
import type { IRDocument, TargetCapabilities } from '../ir/exchange';
import { readDocument, specializationAnswer } from '../ir/exchange';
import { CGC_VERSION, INTERFACES } from '../ir/interfaces';
import type { Operation } from '../ir/operation';
import { ATTR, FUNCTIONAL_DEFINITION } from '../ir/structural';
import type { PartitionDescription, Target } from '../ir/target';
import { type GpuProfile, gpuProfile } from './limits';
import { PipelineCache, type PlannedKernel, executableOf, planPartitionWith, recordedKernels } from './partition-executable';

/** The kernels of an isolated partition as its program recorded them; a subgraph without them is a CgcError naming it. */
export function recordedPartition(isolated: Operation, name: string, target: string, profile?: GpuProfile): PlannedKernel[] {
  return planPartitionWith(isolated, name, (def, symbol, subgraph) => recordedKernels(subgraph, def, symbol, profile) ?? (() => {
    throw new CgcError('runtime', `subgraph @${symbol} of partition @${name} (target '${target}') has no recorded kernels: `
      + 'a program loaded without the compiler runs only kernels recorded in it (compile it with this build\'s `cgc compile --format bytecode`)');
  })());
}

/** Whether every one of a partition's `subgraphs` records its kernels (beside its functional definition). */
export function recordsKernels(subgraphs: readonly Operation[]): boolean {
  return subgraphs.every((sg) => sg.attr(ATTR.configuration) !== undefined && sg.body().operations.some((o) => o.name === FUNCTIONAL_DEFINITION));
}

export function createRecordedTarget(name: string): Target {
  return {
    name,
    open(device, openOptions = {}) {
      const cache = PipelineCache.of(device, openOptions.pipelines);
      return {
        compilePartition: async (partition, partitionName) => {
          const isolated = readDocument(partition, `partition @${partitionName}`);
          return executableOf(device, recordedPartition(isolated, partitionName, name, gpuProfile(device)), partitionName, cache, openOptions.tiers);
        },
      };
    },
    describe(partition, partitionName): PartitionDescription {
      const planned = recordedPartition(readDocument(partition, `partition @${partitionName}`), partitionName, name);
      return { where: 'gpu', kernels: planned.map((p) => ({ name: p.kernel.name, subgraph: p.subgraph, wgsl: p.kernel.wgsl, workgroups: p.kernel.workgroups })) };
    },
    capabilities: (): TargetCapabilities => ({ name, tier: 1, interfaces: [INTERFACES.CGC_OUTPUT, INTERFACES.CGC_SUBGRAPH_PARTITION], features: [], limits: {} }),
    exchange(request: IRDocument): IRDocument {
      if (request.interface === INTERFACES.CGC_SUBGRAPH_DECLARATION_REQUEST) {
        // It declares no patterns: it runs programs, it does not take part in compiling them.
        return {
          interface: INTERFACES.CGC_SUBGRAPH_DECLARATION,
          text: `cgc.module attributes {cgc.interface = "${INTERFACES.CGC_SUBGRAPH_DECLARATION}", cgc.version = "${CGC_VERSION}"} {\n}\n`,
        };
      }
      return specializationAnswer(false, `target '${name}' runs recorded kernels only; it specializes nothing`);
    },
  };
}
