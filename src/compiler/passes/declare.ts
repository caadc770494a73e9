// declare: ask every target for its subgraph declaration (CGC_SUBGRAPH_DECLARATION_REQUEST) and
// read the patterns out of the document it answers with.
import { INTERFACES } from '../../ir';
import { SUBGRAPH_INTERFACES } from '../../ir/exchange';
import { readDeclaration } from '../patterns/pattern';
import { CompileError, type Pass } from '../state';

export const declare: Pass = {
  name: 'declare',
  run(s) {
    if (!s.targets.length) throw new CompileError('no compile targets were given');
    for (const t of s.targets) {
      const caps = t.capabilities();
      const missing = SUBGRAPH_INTERFACES.filter((g) => !caps.interfaces.includes(g));
      if (caps.tier < 1 || missing.length) {
        throw new CompileError(`target '${t.name}' does not support subgraph programs (tier ${caps.tier}; missing interfaces ${missing.join(', ')})`);
      }
      const answer = t.exchange({ interface: INTERFACES.CGC_SUBGRAPH_DECLARATION_REQUEST, text: '' });
      s.patterns.push(...readDeclaration(answer, t.name));
    }
  },
};
