// The IR's object model, MLIR-shaped: operations own regions, regions own blocks, blocks own
// operations and block arguments; values are op results or block arguments.
import type { Attribute } from './attributes';
import type { Location } from './diagnostics';
import type { ShapedType } from './types';

export abstract class Value {
  /** The SSA name from the source text (without `%`), kept for printing; not semantic. */
  nameHint?: string;
  constructor(public type: ShapedType) {}
  abstract get definingOp(): Operation | undefined;
  abstract get parentBlock(): Block | undefined;
}

export class OpResult extends Value {
  constructor(type: ShapedType, readonly owner: Operation, readonly index: number) {
    super(type);
  }
  get definingOp(): Operation { return this.owner; }
  get parentBlock(): Block | undefined { return this.owner.parent; }
}

export class BlockArgument extends Value {
  constructor(type: ShapedType, readonly owner: Block, readonly index: number) {
    super(type);
  }
  get definingOp(): undefined { return undefined; }
  get parentBlock(): Block { return this.owner; }
}

export class Operation {
  readonly results: OpResult[] = [];
  readonly regions: Region[] = [];
  parent?: Block;

  constructor(
    readonly name: string,
    public operands: Value[],
    resultTypes: readonly ShapedType[],
    readonly attributes: Map<string, Attribute> = new Map(),
    public loc?: Location,
  ) {
    resultTypes.forEach((t, i) => this.results.push(new OpResult(t, this, i)));
  }

  /** The dialect prefix: `cgc` or `cgc_op`. */
  get dialect(): string {
    const dot = this.name.indexOf('.');
    return dot < 0 ? '' : this.name.slice(0, dot);
  }

  /** The op name without its dialect: `add` for `cgc_op.add`. */
  get opName(): string {
    return this.name.slice(this.name.indexOf('.') + 1);
  }

  addRegion(): Region {
    const r = new Region(this);
    this.regions.push(r);
    return r;
  }

  attr(name: string): Attribute | undefined {
    return this.attributes.get(name);
  }

  /** The op's `sym_name`, when it defines a symbol. */
  get symbolName(): string | undefined {
    const a = this.attributes.get('sym_name');
    return a?.kind === 'string' ? a.value : undefined;
  }

  /** The first block of region `i` (structural ops have exactly one). */
  body(i = 0): Block {
    const block = this.regions[i]?.blocks[0];
    if (!block) throw new Error(`'${this.name}' has no body block`);
    return block;
  }

  /** Walks this op and every op nested inside it, parents before children. */
  *walk(): Generator<Operation> {
    yield this;
    for (const r of this.regions) for (const b of r.blocks) for (const op of b.operations) yield* op.walk();
  }

  /** The closest enclosing operation. */
  get parentOp(): Operation | undefined {
    return this.parent?.parent?.parent;
  }
}

export class Block {
  readonly arguments: BlockArgument[] = [];
  readonly operations: Operation[] = [];
  constructor(public parent?: Region) {}

  addArgument(type: ShapedType, nameHint?: string): BlockArgument {
    const arg = new BlockArgument(type, this, this.arguments.length);
    if (nameHint !== undefined) arg.nameHint = nameHint;
    this.arguments.push(arg);
    return arg;
  }

  append(op: Operation): Operation {
    op.parent = this;
    this.operations.push(op);
    return op;
  }
}

export class Region {
  readonly blocks: Block[] = [];
  constructor(public parent?: Operation) {}

  addBlock(): Block {
    const b = new Block(this);
    this.blocks.push(b);
    return b;
  }
}
