// Seeded random tensors shared by `cgc run` and the app's Run, so both feed a model the same inputs.
import { type ShapedType, numElements } from '../ir/types';
import { type HostTensor, allocTensor } from './tensor';

/** Seeded N(0, 1)-ish floats (a sum of three uniforms) and small non-negative integers. */
export function randomTensor(type: ShapedType, seed: number): HostTensor {
  const t = allocTensor(type.shape, type.element);
  let s = seed >>> 0 || 1;
  const next = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  for (let i = 0; i < numElements(type.shape); i++) {
    if (t.data instanceof Float32Array) t.data[i] = (next() + next() + next() - 1.5) * 2;
    else if (t.data instanceof BigInt64Array) t.data[i] = BigInt(Math.floor(next() * 4));
    else (t.data as Int32Array)[i] = Math.floor(next() * 4);
  }
  return t;
}
