// Einsum equations, their ONNX models and a direct evaluation of the sum they denote, for the
// importer's tests and the GPU tests of the lowered ops.
import { type ElementType, numElements, tensorType } from '../../../../ir/types';
import type { HostTensor } from '../../../../core';
import { randomTensor } from '../../../../reference/random';
import { modelBytes, node, tensorInfo } from '.';

export interface EinsumCase {
  /** The equation as the model states it. */
  readonly equation: string;
  readonly shapes: readonly (readonly number[])[];
  /**
   * The same sum spelled with letters only and an explicit output (`...` as capital letters, the
   * implicit output written out): what `einsumDirect` evaluates. A size-1 dimension against a
   * larger one of the same letter broadcasts, as `...` dimensions do.
   */
  readonly spelled: string;
  readonly element?: ElementType;
}

const ONNX_TYPES: Partial<Record<ElementType, number>> = { float32: 1, int32: 6, int64: 7 };

/** A model of one Einsum node over inputs x0, x1, … of the case's shapes. */
export function einsumModel(c: EinsumCase): Uint8Array {
  const names = c.shapes.map((_, i) => `x${i}`);
  const elemType = ONNX_TYPES[c.element ?? 'float32'];
  return modelBytes({
    nodes: [node('Einsum', names, ['y'], { equation: c.equation })],
    inputs: c.shapes.map((s, i) => tensorInfo(names[i]!, [...s], elemType)),
    outputs: [{ name: 'y' }],
    opset: 12,
  });
}

export function einsumInputs(c: EinsumCase, seed: number): HostTensor[] {
  return c.shapes.map((s, i) => randomTensor(tensorType(s, c.element ?? 'float32'), seed + i));
}

/**
 * Σ over every letter not in the output of Π operand values, each operand indexed by its letters
 * (0 along a size-1 dimension): the definition, with no reordering. `magnitude` is Σ |product| per
 * output element, which bounds a float32 evaluation's rounding error.
 */
export function einsumDirect(spelled: string, inputs: readonly HostTensor[]): { shape: number[]; values: number[]; magnitude: number[] } {
  const [lhs, out] = spelled.split('->') as [string, string];
  const terms = lhs.split(',');
  const size = new Map<string, number>();
  // A size-1 dimension stretches to the letter's other size (0 included).
  terms.forEach((t, i) => [...t].forEach((l, axis) => {
    const seen = size.get(l);
    size.set(l, seen === undefined || seen === 1 ? inputs[i]!.type.shape[axis]! : seen);
  }));
  const letters = [...size.keys()];
  const shape = [...out].map((l) => size.get(l)!);
  const values = new Array<number>(numElements(shape)).fill(0);
  const magnitude = new Array<number>(values.length).fill(0);
  const index = new Map<string, number>(letters.map((l) => [l, 0]));
  const flat = (t: string, dims: readonly number[]) => [...t].reduce((acc, l, a) => acc * dims[a]! + (dims[a] === 1 ? 0 : index.get(l)!), 0);
  const total = numElements(letters.map((l) => size.get(l)!));
  for (let k = 0; k < total; k++) {
    let rest = k;
    for (let j = letters.length - 1; j >= 0; j--) {
      const d = size.get(letters[j]!)!;
      index.set(letters[j]!, rest % d);
      rest = Math.floor(rest / d);
    }
    let product = 1;
    terms.forEach((t, i) => { product *= Number(inputs[i]!.data[flat(t, inputs[i]!.type.shape)]); });
    const o = flat(out, shape);
    values[o]! += product;
    magnitude[o]! += Math.abs(product);
  }
  return { shape, values, magnitude };
}

/** Every form of Einsum: transposes, sums, diagonals, `...` broadcasting, implicit outputs, 1–3 operands, scalar results. */
export const EINSUM_CASES: readonly EinsumCase[] = [
  { equation: 'ij->ji', shapes: [[3, 4]], spelled: 'ij->ji' },
  { equation: 'ij->i', shapes: [[3, 4]], spelled: 'ij->i' },
  { equation: 'ijk->', shapes: [[2, 3, 4]], spelled: 'ijk->' },
  { equation: 'ij->ij', shapes: [[2, 3]], spelled: 'ij->ij' },
  { equation: 'ji', shapes: [[3, 4]], spelled: 'ji->ij' },
  { equation: 'bA', shapes: [[2, 3]], spelled: 'bA->Ab' },
  { equation: 'ii->i', shapes: [[4, 4]], spelled: 'ii->i' },
  { equation: 'ii', shapes: [[4, 4]], spelled: 'ii->' },
  { equation: 'iii->i', shapes: [[3, 3, 3]], spelled: 'iii->i' },
  { equation: 'jiki->kij', shapes: [[2, 3, 4, 3]], spelled: 'jiki->kij' },
  { equation: '...ii ->...i', shapes: [[2, 3, 3]], spelled: 'Aii->Ai' },
  { equation: 'i...i', shapes: [[3, 2, 5, 3]], spelled: 'iABi->AB' },
  { equation: 'i,i', shapes: [[5], [5]], spelled: 'i,i->' },
  { equation: 'i,i->i', shapes: [[5], [5]], spelled: 'i,i->i' },
  { equation: 'i,j', shapes: [[3], [4]], spelled: 'i,j->ij' },
  { equation: 'ij,ij', shapes: [[3, 4], [3, 4]], spelled: 'ij,ij->' },
  { equation: 'bk,bk->b', shapes: [[3, 6], [3, 6]], spelled: 'bk,bk->b' },
  { equation: 'bij, bjk -> bik', shapes: [[2, 3, 4], [2, 4, 5]], spelled: 'bij,bjk->bik' },
  { equation: 'ij,kj->ik', shapes: [[3, 4], [5, 4]], spelled: 'ij,kj->ik' },
  { equation: 'ij,jk', shapes: [[3, 4], [4, 2]], spelled: 'ij,jk->ik' },
  { equation: 'bhqd,bhkd->bhqk', shapes: [[2, 3, 4, 5], [2, 3, 6, 5]], spelled: 'bhqd,bhkd->bhqk' },
  { equation: 'abc,cbd->da', shapes: [[2, 3, 4], [4, 3, 5]], spelled: 'abc,cbd->da' },
  { equation: 'ii,ij->ij', shapes: [[3, 3], [3, 4]], spelled: 'ii,ij->ij' },
  { equation: 'ij,jk,kl->il', shapes: [[2, 3], [3, 4], [4, 5]], spelled: 'ij,jk,kl->il' },
  { equation: 'ab,bc,ca', shapes: [[2, 3], [3, 4], [4, 2]], spelled: 'ab,bc,ca->' },
  { equation: 'i,j,k->ijk', shapes: [[2], [3], [4]], spelled: 'i,j,k->ijk' },
  { equation: 'bn,anm,bm->ba', shapes: [[2, 3], [4, 3, 5], [2, 5]], spelled: 'bn,anm,bm->ba' },
  { equation: '...ij,...jk->...ik', shapes: [[2, 1, 3, 4], [3, 4, 5]], spelled: 'ABij,Bjk->ABik' },
  { equation: '...ij,...jk', shapes: [[1, 3, 4], [2, 4, 5]], spelled: 'Aij,Ajk->Aik' },
  { equation: '...,...', shapes: [[2, 1], [3]], spelled: 'AB,B->AB' },
  { equation: 'i...->...', shapes: [[2, 1, 3]], spelled: 'iAB->AB' },
  { equation: 'ij...,jk...->ik...', shapes: [[2, 3, 4], [3, 5, 1]], spelled: 'ijA,jkA->ikA' },
  { equation: 'ij,jk->ik', shapes: [[2, 0], [0, 3]], spelled: 'ij,jk->ik' },
  { equation: '...ij,...jk->...ik', shapes: [[1, 2, 3], [0, 3, 4]], spelled: 'Aij,Ajk->Aik' },
  { equation: 'ij,jk->ik', shapes: [[3, 4], [4, 2]], spelled: 'ij,jk->ik', element: 'int32' },
  { equation: 'ii,i', shapes: [[3, 3], [3]], spelled: 'ii,i->', element: 'int64' },
];
