// The CPU reference as a compile target of last resort: it declares every cgc_op, at benefit 0, and
// accepts every specialization (it runs on the host with exact arithmetic).
import { type CompileTarget, CGC_VERSION, INTERFACES, registeredOps } from '../ir';
import { SUBGRAPH_INTERFACES, specializationAnswer } from '../ir/exchange';

export function createReferenceTarget(): CompileTarget {
  const ops = registeredOps().map((d) => `"${d.name}"`).join(', ');
  const declaration = `cgc.module attributes {cgc.interface = "${INTERFACES.CGC_SUBGRAPH_DECLARATION}", cgc.version = "${CGC_VERSION}"} {
  cgc_pattern.pattern @any_op attributes {benefit = 0, nodes = [{ops = [${ops}]}]}
}
`;
  return {
    name: 'cpu-reference',
    capabilities: () => ({
      name: 'cpu-reference', tier: 1, interfaces: [INTERFACES.CGC_INPUT, INTERFACES.CGC_OUTPUT, ...SUBGRAPH_INTERFACES], features: [], limits: {},
    }),
    exchange: (request) => request.interface === INTERFACES.CGC_SUBGRAPH_DECLARATION_REQUEST
      ? { interface: INTERFACES.CGC_SUBGRAPH_DECLARATION, text: declaration }
      : specializationAnswer(true),
  };
}
