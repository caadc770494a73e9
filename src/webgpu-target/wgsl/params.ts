// Sizes as run-time parameters: a generator writes a size it does not need as a constant (an extent
// in a bounds test, a stride it multiplies by, a count it divides by once per thread) as `size(n)`,
// and `parameterize` turns the finished WGSL's size marks into reads of one uniform array, the values
// going with the kernel (KernelSpec.params). Layers whose code differs only in such sizes then have
// the same WGSL, and share one pipeline. What shapes the code (a window's taps, a tile, a register
// block, a vector width) stays a literal.
import { MAX_PARAMS, PARAMS_NAME } from '../kernel-spec';

export { PARAMS_NAME, specializeSizes } from '../kernel-spec';

/** How a size is marked in generated WGSL before `parameterize`: `$p{123}` (no WGSL token starts with `$`). */
const MARK = /\$p\{(\d+)\}/g;


/**
 * A size `n` (an i32 expression in the finished kernel). Values outside [0, 2³¹) stay literals: a
 * parameter is a non-negative i32.
 */
export function size(n: number): string {
  return Number.isInteger(n) && n >= 0 && n < 2 ** 31 ? `$p{${n}}` : `(${Math.trunc(n)}i)`;
}

/** Parameterized WGSL and its size values, or the source unchanged where it marks none. */
export interface Parameterized {
  readonly wgsl: string;
  /** The size values, in order of their marks; undefined where the kernel has none. */
  readonly params?: readonly number[];
  /** The binding of the uniform they are read from: after every binding the kernel declares. */
  readonly paramsBinding?: number;
}

/** The WGSL with each size mark written as the i32 literal it stands for: a kernel specialized to its sizes. */
export function literalSizes(wgsl: string): string {
  return wgsl.replace(MARK, (_, n: string) => `${n}i`);
}

/**
 * Replaces each size mark, in order, by its own element of the uniform array (`sizes[i / 4][i % 4]`):
 * one element per mark, not per value, so that two kernels whose sizes merely coincide differently
 * still read the same code. The uniform is declared after the kernel's last binding.
 */
export function parameterize(wgsl: string): Parameterized {
  const params: number[] = [];
  const body = wgsl.replace(MARK, (_, n: string) => {
    const i = params.length;
    params.push(Number(n));
    return `${PARAMS_NAME}[${i >> 2}].${'xyzw'[i & 3]}`;
  });
  if (!params.length) return { wgsl };
  if (params.length > MAX_PARAMS) throw new Error(`a kernel marks ${params.length} sizes; at most ${MAX_PARAMS} fit its uniform`);
  const bindings = [...wgsl.matchAll(/@binding\((\d+)\)/g)].map((m) => Number(m[1]));
  const binding = bindings.length ? Math.max(...bindings) + 1 : 0;
  const decl = `@group(0) @binding(${binding}) var<uniform> ${PARAMS_NAME}: array<vec4<i32>, ${Math.ceil(params.length / 4)}>;`;
  // After the comment lines that head the kernel, before its first declaration.
  const lines = body.split('\n');
  const at = lines.findIndex((l) => !l.startsWith('//'));
  lines.splice(at < 0 ? lines.length : at, 0, decl);
  return { wgsl: lines.join('\n'), params, paramsBinding: binding };
}

