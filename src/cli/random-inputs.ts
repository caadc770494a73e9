// Seeded random model inputs for `cgc check`: floats ~ N(0, 1), integers non-negative and below the
// size of what they index (input-ranges.ts), else small; booleans fair coins; the same seed gives
// the same bits.
import type { ShapedType } from '../ir';
import { floatToHalf, allocTensor, type HostTensor } from '../core';
import { seededRandom } from '../reference/random';

export { seededRandom };

/** Integers that index nothing are drawn from [0, INT_RANGE). */
export const INT_RANGE = 4;

/** A tensor of `type`; integers from [0, bound). */
export function randomTensor(type: ShapedType, next: () => number, bound = INT_RANGE): HostTensor {
  const t = allocTensor(type.shape, type.element);
  const d = t.data;
  // Box–Muller; 1 − u keeps log's argument in (0, 1].
  const normal = (): number => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  for (let i = 0; i < d.length; i++) {
    switch (type.element) {
      case 'float32': d[i] = normal(); break;
      case 'float16': d[i] = floatToHalf(Math.fround(normal())); break;
      case 'int64': (d as BigInt64Array)[i] = BigInt(Math.floor(next() * bound)); break;
      case 'bool': d[i] = next() < 0.5 ? 0 : 1; break;
      default: d[i] = Math.floor(next() * bound);
    }
  }
  return t;
}

/** One tensor per type, from one stream seeded with `seed`; integers of input i below `bounds[i]` where given. */
export function randomInputs(types: readonly ShapedType[], seed: number, bounds: readonly (number | undefined)[] = []): HostTensor[] {
  const next = seededRandom(seed);
  return types.map((t, i) => randomTensor(t, next, bounds[i] ?? INT_RANGE));
}
