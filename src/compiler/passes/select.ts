// select: a non-overlapping cover of the graph by the highest-benefit matches. A match is taken
// only if it overlaps no taken match, contracting it would not create a cycle between subgraphs,
// and its target accepts the concrete subgraph (CGC_SUBGRAPH_SPECIALIZATION_REQUEST).
import { maxOf } from '../../core';
import {
  CGC_VERSION, type CompileTarget, INTERFACES, INTERFACE_ATTR, Operation, type Value, VERSION_ATTR, parseModule, stringAttr,
} from '../../ir';
import { CONFIGURATION_ATTR, REASON_ATTR, SPECIALIZATION_ATTR, documentOf } from '../../ir/exchange';
import { MODULE } from '../../ir/structural';
import type { EntryGraph } from '../graph';
import type { Match } from '../patterns/matcher';
import { CompileError, type CompileState, type Pass, type Specialization } from '../state';
import { buildSubgraphOp, subgraphInputs, subgraphKey } from '../subgraph';

export const select: Pass = {
  name: 'select',
  run(s) {
    const order = [...s.candidates].sort((a, b) => b.pattern.benefit - a.pattern.benefit || b.ops.length - a.ops.length
      || s.graph.position.get(a.anchor)! - s.graph.position.get(b.anchor)!);
    const owner = new Map<Operation, Match>();
    const reject = (m: Match, reason: string, declined = false) => {
      s.decision(m.anchor).rejected.push({ pattern: m.pattern.name, target: m.pattern.target, reason, ...(declined ? { declined } : {}) });
    };
    for (const m of order) {
      const taken = m.ops.map((op) => owner.get(op)).find((x) => x);
      if (taken) {
        reject(m, `overlaps @${taken.pattern.name} (${taken.pattern.target}), which was taken first (benefit ${taken.pattern.benefit}, ${taken.ops.length} ops)`);
        continue;
      }
      if (wouldCycle(s.graph, m, owner)) {
        reject(m, 'taking it would make a cycle between subgraphs');
        continue;
      }
      const answer = specialize(s, m);
      if (answer.declined !== undefined) {
        reject(m, `target '${m.pattern.target}' declined the specialization: ${answer.declined}`, true);
        continue;
      }
      if (answer.configuration) s.configurations.set(m, answer.configuration);
      for (const op of m.ops) {
        owner.set(op, m);
        s.decision(op).taken = { pattern: m.pattern.name, target: m.pattern.target, subgraph: '' };
      }
      s.selected.push(m);
    }
    const uncovered = s.graph.ops.filter((op) => !owner.has(op));
    if (uncovered.length) {
      const list = uncovered.slice(0, 5).map((op) => `'${op.name}' (${s.decision(op).op})`).join(', ');
      throw new CompileError(`no target can take ${uncovered.length} op(s): ${list}${uncovered.length > 5 ? ', …' : ''}; targets: ${s.targets.map((t) => t.name).join(', ')}`);
    }
  },
};

/** Contracting `m` makes a cycle iff a path leaves it and comes back (through ops or taken subgraphs). */
function wouldCycle(g: EntryGraph, m: Match, owner: ReadonlyMap<Operation, Match>): boolean {
  const inside = new Set(m.ops);
  // A path back into the match ends at an op no later than the match's last; program order is
  // topological, so only taken groups can lead back from later ops, and their members are all expanded.
  const last = maxOf(m.ops.map((op) => g.position.get(op)!));
  const seen = new Set<Operation>();
  const stack: Operation[] = [];
  const push = (op: Operation) => {
    if (seen.has(op) || (g.position.get(op)! > last && !owner.has(op))) return;
    seen.add(op);
    stack.push(op);
  };
  for (const op of m.ops) for (const r of op.results) for (const u of g.usersOf(r)) if (!inside.has(u)) push(u);
  while (stack.length) {
    const op = stack.pop()!;
    if (inside.has(op)) return true;
    const group = owner.get(op);
    for (const member of group ? group.ops : [op]) {
      seen.add(member);
      for (const r of member.results) for (const u of g.usersOf(r)) {
        if (inside.has(u)) return true;
        push(u);
      }
    }
  }
  return false;
}

/** Sends the concrete subgraph to its target: the reason it declines, or the configuration it accepts with. */
function specialize(s: CompileState, m: Match): Specialization {
  // Targets answer from the subgraph alone, so structurally identical requests share an answer (and
  // a configuration, which is each subgraph's own: it is recorded per symbol in the Output IR).
  const inputs = subgraphInputs(m.ops);
  const key = `${m.pattern.target}|${m.pattern.name}|${subgraphKey(m.ops, inputs, m.outputs)}`;
  const cached = s.specializationCache.get(key);
  if (cached !== undefined) return cached;
  const answer = askTarget(s, m, inputs);
  s.specializationCache.set(key, answer);
  return answer;
}

function askTarget(s: CompileState, m: Match, inputs: readonly Value[]): Specialization {
  const target = s.targets.find((t) => t.name === m.pattern.target);
  if (!target) throw new CompileError(`pattern @${m.pattern.name} names unknown target '${m.pattern.target}'`);
  const request = new Operation(MODULE, [], [], new Map([
    [INTERFACE_ATTR, stringAttr(INTERFACES.CGC_SUBGRAPH_SPECIALIZATION_REQUEST)], [VERSION_ATTR, stringAttr(CGC_VERSION)],
  ]));
  request.addRegion().addBlock().append(buildSubgraphOp('candidate', target.name, m.ops, inputs, m.outputs,
    new Map([['pattern', stringAttr(m.pattern.name)]])));
  let answer: ReturnType<CompileTarget['exchange']>;
  try {
    answer = target.exchange(documentOf(INTERFACES.CGC_SUBGRAPH_SPECIALIZATION_REQUEST, request));
  } catch (e) {
    // A target that fails on a subgraph declines it: the next match takes it, and the log says why.
    if (!(e instanceof Error)) throw e;
    return { declined: `the target failed on this subgraph: ${e.message}` };
  }
  if (answer.interface !== INTERFACES.CGC_SUBGRAPH_SPECIALIZATION) {
    throw new CompileError(`target '${target.name}' answered a specialization request with interface ${answer.interface}`);
  }
  const doc = answer.module ?? parseModule(answer.text, { file: `${target.name}.specialization` }).module;
  const verdict = doc?.attr(SPECIALIZATION_ATTR);
  if (verdict?.kind !== 'string' || !['accept', 'reject'].includes(verdict.value)) {
    throw new CompileError(`target '${target.name}' answered a specialization request without '${SPECIALIZATION_ATTR}' = "accept" or "reject"`);
  }
  if (verdict.value === 'accept') {
    const configuration = doc!.attr(CONFIGURATION_ATTR);
    return configuration ? { configuration } : {};
  }
  const reason = doc!.attr(REASON_ATTR);
  return { declined: reason?.kind === 'string' ? reason.value : 'no reason given' };
}
