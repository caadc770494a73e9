// Seeded randomness: mulberry32 for reproducible streams (fuzzers, `cgc check`), and the random
// tensors shared by `cgc run` and the app's Run, so both feed a model the same inputs.
import { type ShapedType, numElements } from '../ir/types';
import { floatToHalf, type HostTensor, allocTensor } from '../core';

/** mulberry32: a small, fast 32-bit PRNG; uniform in [0, 1); the same seed gives the same stream. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Seeded N(0, 1)-ish floats (a sum of three uniforms; float16 rounded to half) and small non-negative integers. */
export function randomTensor(type: ShapedType, seed: number): HostTensor {
  const t = allocTensor(type.shape, type.element);
  let s = seed >>> 0 || 1;
  const next = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  for (let i = 0; i < numElements(type.shape); i++) {
    if (t.data instanceof Float32Array) t.data[i] = (next() + next() + next() - 1.5) * 2;
    else if (type.element === 'float16') (t.data as Uint16Array)[i] = floatToHalf(Math.fround((next() + next() + next() - 1.5) * 2));
    else if (t.data instanceof BigInt64Array) t.data[i] = BigInt(Math.floor(next() * 4));
    else (t.data as Int32Array)[i] = Math.floor(next() * 4);
  }
  return t;
}
