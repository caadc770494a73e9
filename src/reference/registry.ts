// The CPU reference kernel table: one implementation per cgc_op name (without the dialect),
// registered by the kernel family files. Not the IR registry: that one declares ops, this one runs them.
import type { Attribute } from '../ir/attributes';
import { OpContext, type OpDef } from '../ir/registry';
import type { Region } from '../ir/operation';
import type { ShapedType } from '../ir/types';
import { type HostTensor, allocTensor } from '../core';

/**
 * What a kernel sees: the op's declaration context (attributes resolved against their defaults,
 * operand types) plus the result types that inference computed, so kernels never re-derive shapes.
 */
export class KernelContext extends OpContext {
  constructor(
    def: OpDef,
    operands: readonly ShapedType[],
    attributes: ReadonlyMap<string, Attribute>,
    readonly results: readonly ShapedType[],
    /** The op's regions (cgc_op.loop's body); none for an op evaluated by name alone. */
    readonly regions: readonly Region[] = [],
  ) {
    super(def, operands, attributes, results.length);
  }

  /** Result #i's type. */
  result(i = 0): ShapedType {
    const t = this.results[i];
    if (!t) throw new Error(`reference: 'cgc_op.${this.def.name}' has no result #${i}`);
    return t;
  }

  /** A zero-filled tensor of result #i's type. */
  alloc(i = 0): HostTensor {
    const t = this.result(i);
    return allocTensor(t.shape, t.element);
  }
}

export type Kernel = (inputs: HostTensor[], ctx: KernelContext) => HostTensor[];

const KERNELS = new Map<string, Kernel>();

/** Registers the reference implementation of `cgc_op.<name>`. */
export function implement(name: string, kernel: Kernel): void {
  if (KERNELS.has(name)) throw new Error(`reference kernel for cgc_op.${name} registered twice`);
  KERNELS.set(name, kernel);
}

export function getKernel(name: string): Kernel | undefined {
  return KERNELS.get(name);
}

export function implementedOps(): readonly string[] {
  return [...KERNELS.keys()];
}
