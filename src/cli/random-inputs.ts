// Seeded random model inputs for `cgc check`: floats ~ N(0, 1), integers small and non-negative
// (so that index-like inputs stay in range), booleans fair coins; the same seed gives the same bits.
import type { ShapedType } from '../ir';
import { floatToHalf, allocTensor, type HostTensor } from '../core';
import { seededRandom } from '../reference/random';

export { seededRandom };

/** Integers are drawn from [0, INT_RANGE). */
export const INT_RANGE = 4;

export function randomTensor(type: ShapedType, next: () => number): HostTensor {
  const t = allocTensor(type.shape, type.element);
  const d = t.data;
  // Box–Muller; 1 − u keeps log's argument in (0, 1].
  const normal = (): number => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  for (let i = 0; i < d.length; i++) {
    switch (type.element) {
      case 'float32': d[i] = normal(); break;
      case 'float16': d[i] = floatToHalf(Math.fround(normal())); break;
      case 'int64': (d as BigInt64Array)[i] = BigInt(Math.floor(next() * INT_RANGE)); break;
      case 'bool': d[i] = next() < 0.5 ? 0 : 1; break;
      default: d[i] = Math.floor(next() * INT_RANGE);
    }
  }
  return t;
}

/** One tensor per type, from one stream seeded with `seed`. */
export function randomInputs(types: readonly ShapedType[], seed: number): HostTensor[] {
  const next = seededRandom(seed);
  return types.map((t) => randomTensor(t, next));
}
