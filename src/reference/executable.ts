// The CPU reference target's executable: a partition's subgraphs run on the host with the reference
// kernels, between the GPU → host and host → GPU transfers of its bind points that the runtime records.
import { type HostExecutable, type Operation, type Value, byteSize } from '../ir';
import { ATTR, FUNCTIONAL_DEFINITION, INVOKE, SUBGRAPH } from '../ir/structural';
import { evaluateOperation } from './interpreter';
import { type HostTensor, tensorBytes, tensorFromBytes } from '../core';

export function hostExecutable(isolated: Operation, name: string): HostExecutable {
  const symbols = new Map(isolated.body().operations.filter((o) => o.symbolName).map((o) => [o.symbolName!, o]));
  const partition = symbols.get(name)!;
  const args = partition.body().arguments;
  const invokes = partition.body().operations.filter((o) => o.name === INVOKE).map((inv) => {
    const sg = symbols.get((inv.attr(ATTR.callee) as { name: string }).name)!;
    const def = sg.name === SUBGRAPH ? sg.body().operations.find((o) => o.name === FUNCTIONAL_DEFINITION)! : sg;
    const nIn = def.body().arguments.length;
    const points = inv.operands.map((v) => args.indexOf(v as never));
    return { def, callee: sg.symbolName ?? '?', inputs: points.slice(0, nIn), outputs: points.slice(nIn) };
  });
  const written = new Set(invokes.flatMap((i) => i.outputs));
  const reads = [...new Set(invokes.flatMap((i) => i.inputs))].filter((p) => !written.has(p));
  return {
    kind: 'host',
    name,
    reads,
    writes: [...written],
    writers: new Map(invokes.flatMap((i) => i.outputs.map((p) => [p, i.callee] as const))),
    run(read, within) {
      const produced = new Map<number, Uint8Array>();
      /** When each bind point was written, in invoke order. */
      const order = new Map<number, number>();
      // A view of a value an earlier invoke computed (a reshape compiled into a view) reads that value's
      // bytes: of the values computed in that memory (reused memory holds several in turn), the last.
      const viewed = (p: number): Uint8Array | undefined => {
        let last: { point: number; offset: number } | undefined;
        for (const w of within?.(p) ?? []) if (order.has(w.point) && (!last || order.get(w.point)! > order.get(last.point)!)) last = w;
        return last && produced.get(last.point)?.subarray(last.offset);
      };
      for (const inv of invokes) {
        const values = new Map<Value, HostTensor>();
        const block = inv.def.body();
        block.arguments.forEach((a, i) => {
          const p = inv.inputs[i]!;
          const bytes = produced.get(p) ?? viewed(p) ?? read(p);
          values.set(a, tensorFromBytes({ ...a.type, kind: 'tensor' }, bytes.subarray(0, byteSize(a.type))));
        });
        for (const op of block.operations) {
          if (!op.name.startsWith('cgc_op.')) continue;
          const outs = evaluateOperation(op, op.operands.map((v) => values.get(v)!));
          op.results.forEach((r, i) => values.set(r, outs[i]!));
        }
        block.operations.at(-1)!.operands.forEach((v, i) => {
          produced.set(inv.outputs[i]!, tensorBytes(values.get(v)!));
          order.set(inv.outputs[i]!, order.size);
        });
      }
      return produced;
    },
    destroy() {},
  };
}
