// Partitions of the CPU reference target: their subgraphs run on the host with the reference
// kernels, between explicit GPU → host and host → GPU transfers that the runtime records.
import { type Operation, type Value, byteSize } from '../ir';
import { ATTR, FUNCTIONAL_DEFINITION, INVOKE, SUBGRAPH } from '../ir/structural';
import { evaluateOp } from '../reference';
import { type HostTensor, tensorBytes, tensorFromBytes } from '../reference/tensor';

export interface HostPartition {
  readonly name: string;
  /** Partition bind points it reads and writes. */
  readonly reads: readonly number[];
  readonly writes: readonly number[];
  /** The subgraph symbol that writes each written bind point. */
  readonly writers: ReadonlyMap<number, string>;
  /** Runs the partition: `read(i)` gives bind point i's bytes; returns the bytes of each written bind point. */
  run(read: (point: number) => Uint8Array): Map<number, Uint8Array>;
}

export function hostPartition(isolated: Operation, name: string): HostPartition {
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
    name,
    reads,
    writes: [...written],
    writers: new Map(invokes.flatMap((i) => i.outputs.map((p) => [p, i.callee] as const))),
    run(read) {
      const produced = new Map<number, Uint8Array>();
      for (const inv of invokes) {
        const values = new Map<Value, HostTensor>();
        const block = inv.def.body();
        block.arguments.forEach((a, i) => {
          const p = inv.inputs[i]!;
          const bytes = produced.get(p) ?? read(p);
          values.set(a, tensorFromBytes({ ...a.type, kind: 'tensor' }, bytes.subarray(0, byteSize(a.type))));
        });
        for (const op of block.operations) {
          if (!op.name.startsWith('cgc_op.')) continue;
          const outs = evaluateOp(op.opName, op.operands.map((v) => values.get(v)!), op.attributes, op.results.length);
          op.results.forEach((r, i) => values.set(r, outs[i]!));
        }
        block.operations.at(-1)!.operands.forEach((v, i) => produced.set(inv.outputs[i]!, tensorBytes(values.get(v)!)));
      }
      return produced;
    },
  };
}
