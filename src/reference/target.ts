// The CPU reference as a target of last resort: it declares every cgc_op, at benefit 0, accepts
// every specialization, and compiles a partition into a host executable (exact arithmetic, no GPU).
import { type PartitionDescription, type Target, CGC_VERSION, INTERFACES, registeredOps } from '../ir';
import { SUBGRAPH_INTERFACES, readDocument, specializationAnswer } from '../ir/exchange';
import { SUBGRAPH } from '../ir/structural';
import { hostExecutable } from './executable';

export const REFERENCE_TARGET = 'cpu-reference';

export function createReferenceTarget(): Target {
  const ops = registeredOps().map((d) => `"${d.name}"`).join(', ');
  const declaration = `cgc.module attributes {cgc.interface = "${INTERFACES.CGC_SUBGRAPH_DECLARATION}", cgc.version = "${CGC_VERSION}"} {
  cgc_pattern.pattern @any_op attributes {benefit = 0, nodes = [{ops = [${ops}]}]}
}
`;
  return {
    name: REFERENCE_TARGET,
    capabilities: () => ({
      name: REFERENCE_TARGET, tier: 1, interfaces: [INTERFACES.CGC_INPUT, INTERFACES.CGC_OUTPUT, ...SUBGRAPH_INTERFACES], features: [], limits: {},
    }),
    exchange: (request) => request.interface === INTERFACES.CGC_SUBGRAPH_DECLARATION_REQUEST
      ? { interface: INTERFACES.CGC_SUBGRAPH_DECLARATION, text: declaration }
      : specializationAnswer(true),
    open: () => ({
      compilePartition: (partition, name) => Promise.resolve(hostExecutable(readDocument(partition, `partition @${name}`), name)),
    }),
    describe(partition, name): PartitionDescription {
      const subgraphs = readDocument(partition, `partition @${name}`).body().operations.filter((o) => o.name === SUBGRAPH && o.symbolName);
      return { where: 'host', kernels: [], notes: Object.fromEntries(subgraphs.map((sg) => [sg.symbolName!, 'runs on the CPU reference (no WGSL)'])) };
    },
  };
}
