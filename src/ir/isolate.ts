// Partition isolation: the standalone module a target compiles for one partition — the partition
// and only the symbols it reaches (its subgraphs), tagged CGC_SUBGRAPH_PARTITION. As bytecode, this
// is the spec's GetPartitionBytecode(i).
import { CgcError } from '../core';
import { stringAttr } from './attributes';
import { writeBytecode } from './bytecode/writer';
import { cloneOp } from './clone';
import { CGC_VERSION, INTERFACES, INTERFACE_ATTR, VERSION_ATTR } from './interfaces';
import { Operation } from './operation';
import { ATTR, INVOKE, MODULE, PARTITION } from './structural';

export function isolatePartition(output: Operation, name: string): Operation {
  const symbols = new Map(output.body().operations.filter((o) => o.symbolName).map((o) => [o.symbolName!, o]));
  const partition = symbols.get(name);
  if (partition?.name !== PARTITION) {
    const known = [...symbols.values()].filter((o) => o.name === PARTITION).map((o) => `@${o.symbolName}`);
    throw new CgcError('runtime', `no partition @${name} (partitions: ${known.join(', ') || 'none'})`);
  }
  const reached = new Set<Operation>([partition]);
  const work = [partition];
  while (work.length) {
    for (const op of work.pop()!.walk()) {
      const callee = op.name === INVOKE ? op.attr(ATTR.callee) : undefined;
      const target = callee?.kind === 'symbol' ? symbols.get(callee.name) : undefined;
      if (target && !reached.has(target)) {
        reached.add(target);
        work.push(target);
      }
    }
  }
  const module = new Operation(MODULE, [], [], new Map([
    [INTERFACE_ATTR, stringAttr(INTERFACES.CGC_SUBGRAPH_PARTITION)], [VERSION_ATTR, stringAttr(CGC_VERSION)],
  ]));
  const body = module.addRegion().addBlock();
  for (const op of output.body().operations) if (reached.has(op)) body.append(cloneOp(op));
  return module;
}

/** The partitions of an output module, in program order. */
export function partitionNames(output: Operation): string[] {
  return output.body().operations.filter((o) => o.name === PARTITION).map((o) => o.symbolName!);
}

/** The spec's GetPartitionBytecode(i): partition `i` of `output`, isolated, as MLIR bytecode. */
export function getPartitionBytecode(output: Operation, index: number): Uint8Array {
  const names = partitionNames(output);
  const name = names[index];
  if (name === undefined) throw new CgcError('usage', `partition index ${index} out of range (${names.length} partitions)`);
  return writeBytecode(isolatePartition(output, name));
}
