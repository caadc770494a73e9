// Structural equality of IR: same ops, attributes, types and dataflow, regardless of SSA names
// and attribute order. Used to check round trips (text, generic form, upstream mlir-opt).
import { dictsEqual } from './attributes';
import type { Block, Operation, Value } from './operation';
import { typesEqual, typeToString } from './types';

/** Returns undefined when equal, else a description of the first difference. */
export function diffOperations(a: Operation, b: Operation): string | undefined {
  return new Comparer().op(a, b, a.name);
}

export function operationsEqual(a: Operation, b: Operation): boolean {
  return diffOperations(a, b) === undefined;
}

class Comparer {
  /** Values of `a` mapped to their counterparts in `b`, as definitions are visited. */
  private map = new Map<Value, Value>();

  op(a: Operation, b: Operation, path: string): string | undefined {
    if (a.name !== b.name) return `${path}: op '${a.name}' vs '${b.name}'`;
    if (!dictsEqual(a.attributes, b.attributes)) return `${path}: attributes differ`;
    if (a.operands.length !== b.operands.length) return `${path}: ${a.operands.length} vs ${b.operands.length} operands`;
    for (let i = 0; i < a.operands.length; i++) {
      if (this.map.get(a.operands[i]!) !== b.operands[i]) return `${path}: operand #${i} refers to a different value`;
    }
    if (a.results.length !== b.results.length) return `${path}: ${a.results.length} vs ${b.results.length} results`;
    for (let i = 0; i < a.results.length; i++) {
      const d = this.value(a.results[i]!, b.results[i]!, `${path} result #${i}`);
      if (d) return d;
    }
    if (a.regions.length !== b.regions.length) return `${path}: ${a.regions.length} vs ${b.regions.length} regions`;
    for (let r = 0; r < a.regions.length; r++) {
      const ba = a.regions[r]!.blocks;
      const bb = b.regions[r]!.blocks;
      if (ba.length !== bb.length) return `${path}: region #${r} has ${ba.length} vs ${bb.length} blocks`;
      for (let k = 0; k < ba.length; k++) {
        const d = this.block(ba[k]!, bb[k]!, `${path}/region${r}`);
        if (d) return d;
      }
    }
    return undefined;
  }

  private value(a: Value, b: Value, where: string): string | undefined {
    if (!typesEqual(a.type, b.type)) return `${where}: type ${typeToString(a.type)} vs ${typeToString(b.type)}`;
    this.map.set(a, b);
    return undefined;
  }

  private block(a: Block, b: Block, path: string): string | undefined {
    if (a.arguments.length !== b.arguments.length) return `${path}: ${a.arguments.length} vs ${b.arguments.length} block arguments`;
    for (let i = 0; i < a.arguments.length; i++) {
      const d = this.value(a.arguments[i]!, b.arguments[i]!, `${path} argument #${i}`);
      if (d) return d;
    }
    if (a.operations.length !== b.operations.length) return `${path}: ${a.operations.length} vs ${b.operations.length} ops`;
    for (let i = 0; i < a.operations.length; i++) {
      const oa = a.operations[i]!;
      const label = `${path}/${oa.symbolName ? '@' + oa.symbolName : `${oa.name}#${i}`}`;
      const d = this.op(oa, b.operations[i]!, label);
      if (d) return d;
    }
    return undefined;
  }
}
