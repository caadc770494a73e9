// The first tier of a subgraph whose layer normalization is fused with the product before it
// (kernels/norm-rows.ts) as the two subgraphs it joined: the product and its chain, then the
// normalization. Fused, each kind of such subgraph is a GEMM and a row kernel of its own; apart, the
// normalization is the generic row kernel every layer normalization of that rank shares, so the first
// result waits for no pipeline the fusion added (ViT-B/16: 15 distinct first-tier pipelines fused, 11
// apart). The parts are functional definitions of their own, planned as any subgraph is; their
// kernels' bindings are mapped onto the subgraph's, a value the normalization reads that the subgraph
// does not return going through the executable's workspace.
import { Operation, type Value, byteSize } from '../ir';
import { cloneOp } from '../ir/clone';
import { FUNCTIONAL_DEFINITION, RETURN } from '../ir/structural';
import type { KernelSpec } from './kernel-spec';
import { WORKSPACE_POINT } from './partition-executable';

/** A kernel of a part, and the subgraph binding (an argument, then a result index; or WORKSPACE_POINT) each of its bindings views. */
export interface PartKernel {
  readonly kernel: KernelSpec;
  readonly slots: readonly number[];
}

/**
 * `def`'s kernels as its parts' (`plan` plans a part's functional definition), or undefined where
 * `def` is not a product fused with a layer normalization of its result, or its parts' kernels need
 * a workspace or pieced arguments of their own, or more than one value between the parts is not returned.
 */
export function normalizationParts(def: Operation, symbol: string, plan: (part: Operation, symbol: string) => KernelSpec[]): PartKernel[] | undefined {
  const block = def.body();
  const ops = block.operations.filter((o) => o.name.startsWith('cgc_op.'));
  const args = block.arguments;
  const outs = block.operations.at(-1)!.operands;
  const norms = ops.filter((o) => o.opName === 'layer_normalization');
  if (norms.length !== 1) return undefined;
  const ln = norms[0]!;
  // The ops the normalized value is computed from: the product and its chain.
  const before = new Set<Operation>();
  const stack = [ln.operands[0]!];
  while (stack.length) {
    const op = stack.pop()!.definingOp;
    if (!op || before.has(op) || !ops.includes(op)) continue;
    before.add(op);
    stack.push(...op.operands);
  }
  if (![...before].some((op) => op.opName === 'matmul' || op.opName === 'gemm')) return undefined;
  const first = ops.filter((op) => before.has(op));
  const second = ops.filter((op) => !before.has(op));
  // The first part returns what the second reads of it and what the subgraph returns of it.
  const crossing = [...new Set(second.flatMap((op) => op.operands).filter((v) => v.definingOp && before.has(v.definingOp)))];
  const firstResults = [...new Set([...outs.filter((v) => v.definingOp && before.has(v.definingOp)), ...crossing])];
  const secondResults = outs.filter((v) => !v.definingOp || !before.has(v.definingOp));
  const scratch = firstResults.filter((v) => !outs.includes(v));
  if (scratch.length > 1 || secondResults.some((v) => !v.definingOp)) return undefined;
  /** The subgraph binding of a value a part reads or returns. */
  const slotOf = (v: Value): number => {
    const arg = args.indexOf(v as never);
    if (arg >= 0) return arg;
    const out = outs.indexOf(v);
    return out >= 0 ? args.length + out : WORKSPACE_POINT;
  };
  const scratchBytes = scratch.length ? Math.ceil(byteSize(scratch[0]!.type) / 4) * 4 : 0;
  const kernels: PartKernel[] = [];
  for (const [i, [partOps, results]] of ([[first, firstResults], [second, secondResults]] as const).entries()) {
    const { part, inputs } = partDefinition(partOps, results);
    const planned = plan(part, `${symbol}.part${i}`);
    if (planned.some((k) => k.workspace || k.pieces)) return undefined;
    const slots = [...inputs, ...results].map(slotOf);
    for (const kernel of planned) kernels.push({ kernel: scratchBytes ? { ...kernel, workspace: scratchBytes } : kernel, slots });
  }
  return kernels;
}

/** A functional definition of `ops` (in program order) returning `results`, its arguments the values they read from outside, in order of first use. */
function partDefinition(ops: readonly Operation[], results: readonly Value[]): { part: Operation; inputs: Value[] } {
  const inside = new Set(ops);
  const inputs: Value[] = [];
  for (const op of ops) for (const v of op.operands) if (!inputs.includes(v) && !(v.definingOp && inside.has(v.definingOp))) inputs.push(v);
  const part = new Operation(FUNCTIONAL_DEFINITION, [], [], new Map());
  const body = part.addRegion().addBlock();
  const map = new Map<Value, Value>();
  for (const v of inputs) map.set(v, body.addArgument(v.type, v.nameHint));
  for (const op of ops) body.append(cloneOp(op, map));
  body.append(new Operation(RETURN, results.map((v) => map.get(v)!), []));
  return { part, inputs };
}
