// Finds every match of a pattern in an entry point: its fixed nodes by backtracking from each
// candidate anchor, then the longest prologue and epilogue chains, then the escape rule
// (a value computed inside may be used outside only when the pattern allows several results).
import { type Operation, type Value, numElements } from '../../ir';
import type { EntryGraph } from '../graph';
import { ofKind, unmet } from './constraints';
import type { ChainSpec, Pattern, PatternNode, SideChains } from './pattern';

export interface Match {
  readonly pattern: Pattern;
  /** Matched ops in program order. */
  readonly ops: readonly Operation[];
  readonly anchor: Operation;
  /** Values computed inside and used outside (or returned), in program order. */
  readonly outputs: readonly Value[];
}

/** One pattern tried at one op; `reason` is absent when it matched. */
export interface Attempt {
  readonly op: Operation;
  readonly pattern: Pattern;
  readonly reason?: string;
}

export function matchPattern(g: EntryGraph, p: Pattern, log: (a: Attempt) => void): Match[] {
  const matches: Match[] = [];
  for (const anchor of g.ops) {
    // An op of another kind is not worth a log entry.
    if (!ofKind(anchor, p.nodes[0]!)) continue;
    const why = unmet(anchor, p.nodes[0]!);
    if (why) {
      log({ op: anchor, pattern: p, reason: why });
      continue;
    }
    if (takenByReader(g, p, anchor)) {
      log({ op: anchor, pattern: p, reason: 'a side computation of one element: the match anchored at the op reading it takes it in' });
      continue;
    }
    const miss: Miss = {};
    const found = matchNodes(g, p, [anchor], miss);
    if (!found) {
      const where = p.nodes.some((n) => n.sameInput !== undefined) ? 'after it and reading its input' : 'after it';
      const deepest = miss.reason ? ` (node #${miss.node}, ${miss.op!.opName}: ${miss.reason})` : '';
      log({ op: anchor, pattern: p, reason: `the ops ${where} do not form the pattern's ${p.nodes.length}-node DAG${deepest}` });
      continue;
    }
    // An anchor that could be a chain op takes in its side computations as a chain op does (they
    // precede it), from the chain's budget.
    const budget = { left: p.epilogue?.sideChains?.maxOps ?? 0 };
    const anchorSide = p.nodes.length === 1 && p.epilogue && !unmet(anchor, p.epilogue) ? sideChain(g, p.epilogue, anchor, new Set(found), budget) : [];
    const assigned = [...anchorSide, ...found];
    // The longest chains first; shorter ones too, so a match can still be taken when another
    // match claims the end of its chain (two convs feeding one residual add).
    // Chains come in steps: an op with the side computations it takes in (kept together).
    const before = p.prologue ? chainBefore(g, p.prologue, assigned[0]!, new Set(assigned)) : [];
    // Operand prologues: a chain before each operand from outside of each node (all of the anchor's,
    // a later node's "*" inputs); the chains found are taken together or not at all.
    const operandOps: Operation[] = [];
    if (p.operandPrologues) {
      assigned.forEach((node, i) => node.operands.forEach((v, k) => {
        if (i > 0 && v.definingOp && assigned.includes(v.definingOp)) return;
        const chain = chainBefore(g, p.operandPrologues!, node, new Set([...assigned, ...operandOps]), k).flat();
        const needs = p.operandPrologues!.needsOps;
        if (!needs || chain.some((op) => needs.includes(op.opName))) operandOps.push(...chain);
      }));
    }
    const after = p.epilogue ? chainAfter(g, p.epilogue, assigned[assigned.length - 1]!, new Set([...assigned, ...before.flat(), ...operandOps]), budget) : [];
    let logged = false;
    for (const fed of operandOps.length ? [operandOps, []] : [[]]) for (let b = before.length; b >= 0; b--) {
      for (let a = after.length; a >= 0; a--) {
        const ops = new Set([...fed, ...before.slice(0, b).flat(), ...assigned, ...after.slice(0, a).flat()]);
        const ordered = [...ops].sort((x, y) => g.position.get(x)! - g.position.get(y)!);
        const outputs = ordered.flatMap((op) => op.results.filter((r) => g.returned.has(r) || g.usersOf(r).some((u) => !ops.has(u))));
        // Only the last op's results may leave the subgraph (all of them: split, top_k) unless the pattern allows more.
        const root = a > 0 ? after[a - 1]!.at(-1)! : assigned[assigned.length - 1]!;
        const escaping = outputs.filter((v) => v.definingOp !== root);
        if (escaping.length && !p.multipleResults) {
          if (!logged) log({ op: anchor, pattern: p, reason: `${escaping.length} value(s) computed inside would also be used outside; the pattern allows one result` });
          logged = true;
          continue;
        }
        if (!outputs.length) continue;
        matches.push({ pattern: p, ops: ordered, anchor, outputs });
      }
    }
    if (!logged) log({ op: anchor, pattern: p });
  }
  return matches;
}

/** The furthest node an op of its kind failed to meet, and why: what the decision log says of a DAG not formed. */
interface Miss {
  node?: number;
  op?: Operation;
  reason?: string;
}

/** Whether `cand` meets node `i`; an op of the node's kind that does not is kept in `miss` when it got furthest. */
function meets(cand: Operation, node: PatternNode, i: number, miss: Miss): boolean {
  const why = unmet(cand, node);
  if (why && ofKind(cand, node) && (miss.node === undefined || i >= miss.node)) Object.assign(miss, { node: i, op: cand, reason: why });
  return !why;
}

/** Assigns nodes 1… by backtracking over the users of the nodes they consume. */
function matchNodes(g: EntryGraph, p: Pattern, assigned: Operation[], miss: Miss): Operation[] | undefined {
  const i = assigned.length;
  if (i === p.nodes.length) return assigned;
  const node = p.nodes[i]!;
  if (node.sameInput !== undefined) {
    // A sibling: another reader of the value the earlier node reads first, reading it first too.
    const shared = assigned[node.sameInput]!.operands[0];
    for (const cand of shared ? g.usersOf(shared) : []) {
      if (assigned.includes(cand) || cand.operands[0] !== shared || !meets(cand, node, i, miss)) continue;
      if (!inputsFit(g, cand, ['*'], assigned)) continue;
      const done = matchNodes(g, p, [...assigned, cand], miss);
      if (done) return done;
    }
    return undefined;
  }
  const feeder = node.inputs!.find((x): x is number => x !== '*')!;
  const candidates = assigned[feeder]!.results.flatMap((r) => g.usersOf(r));
  for (const cand of new Set(candidates)) {
    if (assigned.includes(cand) || !meets(cand, node, i, miss)) continue;
    if (!inputsFit(g, cand, node.inputs!, assigned)) continue;
    const done = matchNodes(g, p, [...assigned, cand], miss);
    if (done) return done;
  }
  return undefined;
}

function inputsFit(g: EntryGraph, op: Operation, inputs: readonly (number | '*')[], assigned: readonly Operation[]): boolean {
  const fits = (operands: readonly Value[]): boolean => operands.every((v, k) => {
    const want = inputs[k] ?? '*';
    const from = v.definingOp;
    if (want === '*') return !from || !assigned.includes(from);
    return from === assigned[want];
  });
  if (inputs.length > op.operands.length) return false;
  if (fits(op.operands)) return true;
  return op.operands.length === 2 && g.isCommutative(op) && fits([op.operands[1]!, op.operands[0]!]);
}

/** Whether `op`'s operands other than the chain's own values (`chained`) are side inputs `spec` allows, none computed inside (`inside`: the ops taken). */
export function sideInputsOk(g: EntryGraph, op: Operation, chained: ReadonlySet<Value>, spec: ChainSpec, inside: ReadonlySet<Operation> = new Set()): boolean {
  return op.operands.every((v) => {
    if (chained.has(v)) return true;
    if (v.definingOp && inside.has(v.definingOp)) return false;
    if (spec.sideInputs === 'none') return false;
    return spec.sideInputs === 'any' || g.isConstant(v);
  });
}

/** The only user of `v`, when `v` is used once and not returned. */
function soleUser(g: EntryGraph, v: Value): Operation | undefined {
  const users = g.usersOf(v);
  return users.length === 1 && !g.returned.has(v) ? users[0] : undefined;
}

/**
 * The longest epilogue after `last`, in program order, one step per op (with the side computations
 * it takes in, before it): each op uses values computed inside (the
 * root's result, or an earlier epilogue op's) — a chain, or a DAG that rejoins, as GELU's
 * x·(1 + erf(x/√2))/2 uses x twice. Operands from outside are side inputs. Which prefixes may form a
 * subgraph (one value leaving it) is the caller's escape check.
 */
function chainAfter(g: EntryGraph, spec: ChainSpec, last: Operation, taken: ReadonlySet<Operation>, budget: { left: number }): Operation[][] {
  const chain: Operation[][] = [];
  const inside = new Set(taken);
  if (last.results.length !== 1) return chain;
  const computed = new Set<Value>(last.results);
  for (let length = 0; length < spec.maxOps; length++) {
    // The earliest op not yet inside that uses a value computed inside.
    let next: Operation | undefined;
    for (const v of computed) {
      for (const u of g.usersOf(v)) if (!inside.has(u) && (!next || g.position.get(u)! < g.position.get(next)!)) next = u;
    }
    if (!next || next.results.length !== 1 || unmet(next, spec) || widensBytes(next)) break;
    // Its side computations come in before it (they precede it in program order too).
    const pulled = sideChain(g, spec, next, inside, budget);
    if (!sideInputsOk(g, next, new Set([...computed, ...pulled.map((op) => op.results[0]!)]), spec, inside)) break;
    chain.push([...pulled, next]);
    for (const op of chain.at(-1)!) inside.add(op);
    computed.add(next.results[0]!);
  }
  return chain;
}

/**
 * A cast of int8 / uint8 to int32 ends no epilogue: its result would store four bytes for each one it
 * reads, and the integer products that read such values take the bytes packed and widen them as they
 * load (their operand prologues), so the cast is left to them (quantized layers: a requantized result
 * widened for the next layer's product).
 */
function widensBytes(op: Operation): boolean {
  const from = op.operands[0]?.type.element;
  return op.opName === 'cast' && (from === 'int8' || from === 'uint8') && op.results[0]!.type.element === 'int32';
}

/**
 * Whether `op` is a side computation (see sideChain) that the match of this single-node pattern
 * anchored at its reader takes in: following its only readers through other side computations, the
 * first reader that is not one could anchor the pattern and takes in all of its side computations
 * within the budget. Such an op is not tried as an anchor itself: every chain from it would be
 * another candidate covering the same ops.
 */
function takenByReader(g: EntryGraph, p: Pattern, op: Operation): boolean {
  const spec = p.epilogue;
  const side = spec?.sideChains;
  if (!spec || !side || p.nodes.length !== 1) return false;
  const isSide = (o: Operation) => isSideComputation(o, side);
  if (!isSide(op)) return false;
  let reader = op;
  do {
    const next = soleUser(g, reader.results[0]!);
    if (!next) return false;
    reader = next;
  } while (isSide(reader));
  if (unmet(reader, p.nodes[0]!) || unmet(reader, spec)) return false;
  return sideChain(g, spec, reader, new Set([reader]), { left: side.maxOps + 1 }).length <= side.maxOps;
}

/** Whether `op` is one a chain's side chains could take in: one result of at most `maxElements` elements, meeting their constraints. */
export function isSideComputation(op: Operation, side: SideChains): boolean {
  return op.results.length === 1 && numElements(op.results[0]!.type.shape) <= side.maxElements && !unmet(op, side);
}

/**
 * The side computations of `op` a chain with `side_chains` takes in, producers first: ops meeting
 * the side-chain constraints that compute one of `op`'s operands from outside, with at most
 * `maxElements` elements, read by `op` alone, each with its own side computations, while `budget`
 * lasts. Their other operands are values from outside (none computed inside).
 */
function sideChain(g: EntryGraph, spec: ChainSpec, op: Operation, inside: ReadonlySet<Operation>, budget: { left: number }): Operation[] {
  const side = spec.sideChains;
  const pulled: Operation[] = [];
  if (!side) return pulled;
  for (const v of op.operands) {
    const p = g.producer(v);
    if (!p || inside.has(p) || pulled.includes(p) || budget.left === 0 || soleUser(g, v) !== op || !isSideComputation(p, side)) continue;
    budget.left--;
    const deeper = sideChain(g, spec, p, new Set([...inside, ...pulled]), budget);
    const chained = new Set<Value>(deeper.map((d) => d.results[0]!));
    if (p.operands.some((x) => !chained.has(x) && x.definingOp && inside.has(x.definingOp))) {
      budget.left += 1 + deeper.length;
      continue;
    }
    pulled.push(...deeper, p);
  }
  return pulled;
}

/**
 * The longest prologue before `first`'s operand `operand`, nearest op first: each feeds the next
 * through its first operand only; one step per op (followed by the side computations it takes in).
 */
function chainBefore(g: EntryGraph, spec: ChainSpec, first: Operation, taken: ReadonlySet<Operation>, operand = 0): Operation[][] {
  const chain: Operation[][] = [];
  const inside = new Set(taken);
  const budget = { left: spec.sideChains?.maxOps ?? 0 };
  let cur = first;
  for (let length = 0; length < spec.maxOps; length++) {
    const input = cur.operands[cur === first ? operand : 0];
    const prev = input && g.producer(input);
    if (!prev || inside.has(prev) || prev.results.length !== 1 || soleUser(g, input) !== cur) break;
    if (unmet(prev, spec)) break;
    const pulled = sideChain(g, spec, prev, new Set([...inside, prev]), budget);
    if (!sideInputsOk(g, prev, new Set([prev.operands[0]!, ...pulled.map((op) => op.results[0]!)]), spec, inside)) break;
    chain.push([prev, ...pulled]);
    for (const op of chain.at(-1)!) inside.add(op);
    cur = prev;
  }
  return chain;
}
