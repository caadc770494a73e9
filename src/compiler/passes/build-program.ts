// build-program: the Output IR — each subgraph symbol (before the first partition that invokes
// it), each partition with its flat list of bind points (reads, then results others need, then
// its own scratch), and `cgc.program` binding inputs, outputs, constants and scratch views.
import {
  type Attribute, CGC_VERSION, INTERFACES, INTERFACE_ATTR, Operation, REGION_ATTR, type ShapedType, VERSION_ATTR, type Value,
  arrayAttr, functionType, intAttr, memrefType, stringAttr, symbolAttr, typeAttr,
} from '../../ir';
import { ATTR, CONSTANT, INVOKE, MODULE, PARTITION, PROGRAM, RETURN, VIEW_MEMREF } from '../../ir/structural';
import type { CompileState, Pass } from '../state';
import { buildSubgraphOp, commonRegion } from '../subgraph';

const asMemref = (t: ShapedType): ShapedType => memrefType(t.shape, t.element, t.constant);

export const buildProgram: Pass = {
  name: 'build-program',
  run(s) {
    const out = new Operation(MODULE, [], [], new Map([
      [INTERFACE_ATTR, stringAttr(INTERFACES.CGC_OUTPUT)], [VERSION_ATTR, stringAttr(CGC_VERSION)],
    ]));
    const body = out.addRegion().addBlock();
    const emitted = new Set<string>();
    const bindPoints = new Map<string, Value[]>();
    for (const p of s.partitions) {
      for (const step of p.steps) {
        const sg = s.schedule[step]!;
        if (emitted.has(sg.symbol)) continue;
        emitted.add(sg.symbol);
        // The target's configuration rides along unread: the target reads it back when it compiles the partition.
        body.append(buildSubgraphOp(sg.symbol, sg.target, sg.ops, sg.inputs, sg.outputs, new Map(sg.configuration ? [[ATTR.configuration, sg.configuration]] : [])));
      }
      const [op, points] = buildPartition(s, p.name, p.steps);
      body.append(op);
      bindPoints.set(p.name, points);
    }
    body.append(buildProgramOp(s, bindPoints));
    s.output = out;
  },
};

/** Values a partition reads, then those it computes that others read, then its internal scratch. */
function buildPartition(s: CompileState, name: string, steps: readonly number[]): [Operation, Value[]] {
  const mine = new Set(steps.map((i) => s.schedule[i]!));
  const producedHere = new Set(steps.flatMap((i) => s.schedule[i]!.outputs));
  const usedElsewhere = new Set(s.schedule.filter((sg) => !mine.has(sg)).flatMap((sg) => sg.inputs));
  const reads: Value[] = [];
  for (const i of steps) for (const v of s.schedule[i]!.inputs) if (!producedHere.has(v) && !reads.includes(v)) reads.push(v);
  const produced = steps.flatMap((i) => s.schedule[i]!.outputs);
  const escaping = produced.filter((v) => usedElsewhere.has(v) || s.graph.returned.has(v));
  const internal = produced.filter((v) => !escaping.includes(v));
  const points = [...reads, ...escaping, ...internal];
  const op = new Operation(PARTITION, [], [], new Map([
    [ATTR.symName, stringAttr(name)],
    [ATTR.functionType, typeAttr(functionType(points.map((v) => asMemref(v.type)), []))],
  ]));
  const block = op.addRegion().addBlock();
  const map = new Map(points.map((v) => [v, block.addArgument(asMemref(v.type), v.nameHint)] as const));
  for (const i of steps) {
    const sg = s.schedule[i]!;
    const attrs = new Map<string, Attribute>([[ATTR.callee, symbolAttr(sg.symbol)]]);
    // where in the source's control flow this invocation's ops came from (their body is shared)
    const region = commonRegion(sg.ops);
    if (region.length) attrs.set(REGION_ATTR, arrayAttr(region.map(stringAttr)));
    block.append(new Operation(INVOKE, [...sg.inputs, ...sg.outputs].map((v) => map.get(v)!), [], attrs));
  }
  block.append(new Operation(RETURN, [], []));
  return [op, points];
}

function buildProgramOp(s: CompileState, bindPoints: ReadonlyMap<string, Value[]>): Operation {
  const plan = s.plan!;
  const entryArgs = s.entry.body().arguments;
  const returned = s.entry.body().operations.at(-1)!.operands;
  const arenaType = (bytes: number) => memrefType([bytes], 'int8');
  const arenaNames = plan.arenas.length === 1 ? ['scratch'] : plan.arenas.map((_, i) => `scratch${i}`);
  const argTypes = [...entryArgs.map((a) => asMemref(a.type)), ...returned.map((v) => asMemref(v.type)), ...plan.arenas.map(arenaType)];
  // Bind points: inputs, then outputs, then scratch arenas; the counts say where each group starts.
  const op = new Operation(PROGRAM, [], [], new Map([
    [ATTR.symName, stringAttr(s.entry.symbolName ?? 'main')],
    [ATTR.functionType, typeAttr(functionType(argTypes, []))],
    [ATTR.programInputs, intAttr(entryArgs.length)],
    [ATTR.programOutputs, intAttr(returned.length)],
    ...(s.entry.attributes.has(ATTR.extents) ? [[ATTR.extents, s.entry.attributes.get(ATTR.extents)!] as const] : []),
  ]));
  const block = op.addRegion().addBlock();
  const map = new Map<Value, Value>();
  entryArgs.forEach((a) => map.set(a, block.addArgument(asMemref(a.type), a.nameHint)));
  returned.forEach((v, i) => map.set(v, block.addArgument(asMemref(v.type), returned.length === 1 ? 'out' : `out${i}`)));
  const arenas = plan.arenas.map((bytes, i) => block.addArgument(arenaType(bytes), arenaNames[i]));
  const constants = new Map<string, Value>();
  for (const points of bindPoints.values()) {
    for (const v of points) {
      const c = v.definingOp;
      if (c?.name !== CONSTANT || map.has(v)) continue;
      const name = (c.attr(ATTR.constantName) as { value: string }).value;
      // One program constant per name and shape: the same bytes may be read in two shapes (sink-reshapes).
      const key = `${name}\u0000${v.type.shape.join('x')}`;
      let pv = constants.get(key);
      if (!pv) {
        pv = block.append(new Operation(CONSTANT, [], [asMemref(v.type)], new Map([[ATTR.constantName, stringAttr(name)]]))).results[0]!;
        pv.nameHint = name;
        constants.set(key, pv);
      }
      map.set(v, pv);
    }
  }
  const byId = new Map(plan.tensors.map((t) => [t.id, t]));
  for (const [v, id] of s.planIds) {
    const t = byId.get(id)!;
    const view = block.append(new Operation(VIEW_MEMREF, [arenas[t.arena]!], [asMemref(v.type)], new Map([[ATTR.offset, intAttr(t.offset)]])));
    if (v.nameHint !== undefined) view.results[0]!.nameHint = v.nameHint;
    map.set(v, view.results[0]!);
  }
  // Views (elided reshapes, parts of elided concats): their root's bytes from their offset in it, with their own shape.
  const viewRoot = s.viewRoots();
  for (const [v] of s.aliases) {
    const { root, offset: offsetInRoot } = viewRoot(v);
    const rootValue = map.get(root);
    if (!rootValue) continue;
    const src = rootValue.definingOp?.name === VIEW_MEMREF ? rootValue.definingOp.operands[0]! : rootValue;
    const offset = offsetInRoot + (rootValue.definingOp?.name === VIEW_MEMREF ? (rootValue.definingOp.attr(ATTR.offset) as { value: number }).value : 0);
    const view = block.append(new Operation(VIEW_MEMREF, [src], [asMemref(v.type)], new Map([[ATTR.offset, intAttr(offset)]])));
    if (v.nameHint !== undefined) view.results[0]!.nameHint = v.nameHint;
    map.set(v, view.results[0]!);
  }
  for (const p of s.partitions) {
    const args = bindPoints.get(p.name)!.map((v) => map.get(v) ?? fail(`no memory bound for a value of partition @${p.name}`));
    block.append(new Operation(INVOKE, args, [], new Map([[ATTR.callee, symbolAttr(p.name)]])));
  }
  block.append(new Operation(RETURN, [], []));
  return op;
}

function fail(msg: string): never {
  throw new Error(msg);
}
