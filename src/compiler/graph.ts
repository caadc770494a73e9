// The dataflow graph of an entry point, as the matcher and the later passes see it: its cgc_op ops
// in program order, each value's users, and which values the entry point returns.
import { type Operation, type Value, getOpDef } from '../ir';
import { CONSTANT, RETURN } from '../ir/structural';

export class EntryGraph {
  readonly ops: Operation[] = [];
  readonly position = new Map<Operation, number>();
  readonly returned = new Set<Value>();
  private readonly users = new Map<Value, Operation[]>();

  constructor(readonly entry: Operation) {
    for (const op of entry.body().operations) {
      if (op.name === RETURN) for (const v of op.operands) this.returned.add(v);
      if (!op.name.startsWith('cgc_op.')) continue;
      this.position.set(op, this.ops.length);
      this.ops.push(op);
      for (const v of op.operands) {
        const list = this.users.get(v) ?? [];
        if (!list.includes(op)) list.push(op);
        this.users.set(v, list);
      }
    }
  }

  usersOf(v: Value): readonly Operation[] {
    return this.users.get(v) ?? [];
  }

  isConstant(v: Value): boolean {
    return v.definingOp?.name === CONSTANT;
  }

  /** The cgc_op that defines `v`, if any (not an argument or a constant). */
  producer(v: Value): Operation | undefined {
    const op = v.definingOp;
    return op && this.position.has(op) ? op : undefined;
  }

  isCommutative(op: Operation): boolean {
    return getOpDef(op.opName)?.traits.includes('commutative') ?? false;
  }
}
