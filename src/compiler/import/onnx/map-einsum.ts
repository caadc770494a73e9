// ONNX Einsum in every form → ops every target has: transpose, reshape, slice (diagonals), mul,
// reduce_sum and matmul. Operands are contracted pairwise, left to right (numpy's unoptimized order).
import { numElements } from '../../../ir/types';
import type { MapperTable, NodeCtx, Produced } from './context';
import { isEllipsisLabel, parseEinsum } from './einsum-equation';

/** A value with one label per dimension. */
interface Labeled { readonly value: Produced; readonly labels: readonly string[] }

const isIdentity = (perm: readonly number[]): boolean => perm.every((p, i) => p === i);

class EinsumLowering {
  constructor(private readonly n: NodeCtx, private readonly sizes: ReadonlyMap<string, number>) {}

  shape(labels: readonly string[]): number[] {
    return labels.map((l) => this.sizes.get(l)!);
  }

  reshape(value: Produced, shape: readonly number[]): Produced {
    const now = value.type.shape;
    if (now.length === shape.length && now.every((d, i) => d === shape[i])) return value;
    return this.n.emit('reshape', [value], { shape, allowzero: shape.includes(0) ? true : undefined });
  }

  transpose(value: Produced, perm: readonly number[]): Produced {
    return isIdentity(perm) ? value : this.n.emit('transpose', [value], { permutation: perm });
  }

  /** `t` with its (distinct) labels in `order`. */
  permute(t: Labeled, order: readonly string[]): Labeled {
    return { value: this.transpose(t.value, order.map((l) => t.labels.indexOf(l))), labels: order };
  }

  /** `t` summed over the labels `keep` rejects. */
  sumOut(t: Labeled, keep: (label: string) => boolean): Labeled {
    const axes = t.labels.flatMap((l, i) => (keep(l) ? [] : [i]));
    if (axes.length === 0) return t;
    return { value: this.n.emit('reduce_sum', [t.value], { axes, keep_dims: false }), labels: t.labels.filter(keep) };
  }

  /** Operand `t` without its `...` dimensions of size 1 that other operands stretch: mul and matmul broadcast by absence. */
  dropStretched(t: Labeled): Labeled {
    const shape = t.value.type.shape;
    const stretched = (l: string, i: number) => isEllipsisLabel(l) && shape[i] === 1 && this.sizes.get(l) !== 1;
    if (!t.labels.some(stretched)) return t;
    const labels = t.labels.filter((l, i) => !stretched(l, i));
    return { value: this.reshape(t.value, this.shape(labels)), labels };
  }

  /**
   * The diagonal over every dimension labelled `label` (k of them, size d): those dimensions moved
   * last and merged into one of d^k, of which every (1 + d + … + d^(k−1))-th element is on it.
   */
  diagonal(t: Labeled, label: string): Labeled {
    const on = t.labels.flatMap((l, i) => (l === label ? [i] : []));
    const off = t.labels.flatMap((l, i) => (l === label ? [] : [i]));
    const d = this.sizes.get(label)!;
    const merged = d ** on.length;
    let stride = 0;
    for (let j = 0; j < on.length; j++) stride += d ** j;
    const labels = [...off.map((i) => t.labels[i]!), label];
    const moved = this.transpose(t.value, [...off, ...on]);
    const flat = this.reshape(moved, [...this.shape(labels.slice(0, -1)), merged]);
    const value = this.n.emit('slice', [flat], { starts: [0], ends: [merged], axes: [labels.length - 1], steps: [stride] });
    return { value, labels };
  }

  /** An operand with its stretched `...` dimensions dropped and its repeated letters reduced to diagonals. */
  prepare(value: Produced, labels: readonly string[]): Labeled {
    let t = this.dropStretched({ value, labels });
    for (const label of new Set(t.labels)) {
      if (t.labels.indexOf(label) !== t.labels.lastIndexOf(label)) t = this.diagonal(t, label);
    }
    return t;
  }

  /**
   * a × b, summed over the labels they share that `later` (the output and the operands still to
   * come) does not need: a matrix product when either has labels of its own, else a product and a
   * sum; with nothing to sum, a broadcast product. Labels only one side has and nobody needs later
   * are summed first.
   */
  contract(a: Labeled, b: Labeled, later: ReadonlySet<string>): Labeled {
    const inA = new Set(a.labels);
    const inB = new Set(b.labels);
    a = this.sumOut(a, (l) => later.has(l) || inB.has(l));
    b = this.sumOut(b, (l) => later.has(l) || inA.has(l));
    const batch = a.labels.filter((l) => inB.has(l) && later.has(l));
    const summed = a.labels.filter((l) => inB.has(l) && !later.has(l));
    const m = a.labels.filter((l) => !inB.has(l));
    const n = b.labels.filter((l) => !inA.has(l));
    const ones = (count: number) => new Array<number>(count).fill(1);
    if (summed.length === 0) {
      // nothing summed: [batch, m, 1…] · [batch, 1…, n], an outer product per batch element
      const lhs = this.reshape(this.permute(a, [...batch, ...m]).value, [...this.shape([...batch, ...m]), ...ones(n.length)]);
      const rhs = this.reshape(this.permute(b, [...batch, ...n]).value, [...this.shape(batch), ...ones(m.length), ...this.shape(n)]);
      return { value: this.n.emit('mul', [lhs, rhs]), labels: [...batch, ...m, ...n] };
    }
    if (m.length === 0 && n.length === 0) {
      // bk,bk->b: a dot product per batch element
      const order = [...batch, ...summed];
      const product = this.n.emit('mul', [this.permute(a, order).value, this.permute(b, order).value]);
      return this.sumOut({ value: product, labels: order }, (l) => !summed.includes(l));
    }
    // bmk,bkn->bmn with each group merged into one dimension (batch dimensions stay: matmul broadcasts them)
    const size = (labels: readonly string[]) => numElements(this.shape(labels));
    const lhs = this.reshape(this.permute(a, [...batch, ...m, ...summed]).value, [...this.shape(batch), size(m), size(summed)]);
    const rhs = this.reshape(this.permute(b, [...batch, ...summed, ...n]).value, [...this.shape(batch), size(summed), size(n)]);
    const labels = [...batch, ...m, ...n];
    return { value: this.reshape(this.n.emit('matmul', [lhs, rhs]), this.shape(labels)), labels };
  }
}

function einsum(n: NodeCtx): Produced[] {
  const equation = n.attrString('equation');
  const inputs = Array.from({ length: n.inputCount }, (_, i) => n.input(i));
  if (inputs.length === 0) n.fail('Einsum needs at least one input');
  const spec = parseEinsum(equation, inputs.map((x) => x.type.shape), (rule) => n.fail(`equation "${equation}" ${rule}`));
  const lower = new EinsumLowering(n, spec.sizes);
  const needed = (from: number) => new Set([...spec.output, ...spec.operands.slice(from).flat()]);
  let acc = lower.prepare(inputs[0]!, spec.operands[0]!);
  const first = needed(1);
  acc = lower.sumOut(acc, (l) => first.has(l));
  for (let i = 1; i < inputs.length; i++) {
    acc = lower.contract(acc, lower.prepare(inputs[i]!, spec.operands[i]!), needed(i + 1));
  }
  return [lower.permute(acc, spec.output).value];
}

export const EINSUM: MapperTable = { Einsum: einsum };
