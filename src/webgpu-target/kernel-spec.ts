// A WGSL compute kernel as the runtime dispatches it: its source, workgroup counts and the bind points
// it reads and writes. What the kernel generators produce and what a compiled program records
// (kernel-config.ts); the runtime-only entry knows kernels only in this form.

export interface KernelSpec {
  readonly name: string;
  readonly wgsl: string;
  readonly workgroups: readonly [number, number, number];
  /** Bind points read (the functional definition's arguments, bindings 0…n−1). */
  readonly inputs: number;
  /** The bind point written: argument count + result index (also its binding number). */
  readonly output: number;
  /** How many results it writes, at bind points `output`, `output + 1`, … (1 where absent). */
  readonly outputs?: number;
  /** Kernel-private f32 scratch at the binding after its outputs, shared with the next kernel of the same result (split-K partial sums). */
  readonly workspace?: number;
  /**
   * The bindings its WGSL uses, ascending: what its bind group layout holds. A kernel declares every
   * argument of its subgraph but binds only those it reads (a split-K partial reads neither its
   * epilogue's side inputs nor its result), each bound buffer costing host time per dispatch.
   */
  readonly bindings: readonly number[];
  /** Bindings that view a range of an argument's bind point (a pieced argument, wgsl/builder.ts `Pieces`), not all of it. */
  readonly pieces?: readonly Piece[];
  /**
   * Sizes the kernel reads at run time rather than as literals (wgsl/params.ts), as i32 words, bound
   * as a uniform at `paramsBinding`: kernels that differ only in them share one pipeline.
   */
  readonly params?: readonly number[];
  /** The binding of the `params` uniform: after every storage binding the WGSL declares. */
  readonly paramsBinding?: number;
}

/** Binding `binding` views `size` bytes from byte `offset` of argument `arg`'s bind point. */
export interface Piece {
  readonly binding: number;
  readonly arg: number;
  readonly offset: number;
  readonly size: number;
}

/** The bind points a kernel writes its results to: `output`, `output + 1`, …. */
export function resultBindings(kernel: KernelSpec): number[] {
  return Array.from({ length: kernel.outputs ?? 1 }, (_, o) => kernel.output + o);
}

/** The most size words one kernel may take (16 KiB: well within maxUniformBufferBindingSize's 64 KiB default). */
export const MAX_PARAMS = 4096;

/**
 * The WGSL a device compiles, comments removed (WGSL has no string literals, so `//` always starts
 * one): kernels whose comments name their sizes share one shader module and pipeline.
 */
export function deviceCode(wgsl: string): string {
  return wgsl.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '').replace(/[ \t]+\n/g, '\n').replace(/\n{2,}/g, '\n');
}

/** The uniform array a parameterized kernel reads its sizes from (wgsl/params.ts). */
export const PARAMS_NAME = 'sizes';

/**
 * The inverse of `parameterize`: each read of the uniform array written as the i32 literal it holds
 * and the uniform's declaration dropped — the kernel specialized to its sizes, the very code
 * `literalSizes` (wgsl/params.ts) gives for the same kernel. A program records a kernel once, in its parameterized
 * form; a load derives the specialized one (a kernel's second tier) from it.
 */
export function specializeSizes(wgsl: string, params: readonly number[]): string {
  const decl = new RegExp(`^@group\\(0\\) @binding\\(\\d+\\) var<uniform> ${PARAMS_NAME}: array<vec4<i32>, \\d+>;\\n`, 'm');
  return wgsl.replace(decl, '').replace(new RegExp(`\\b${PARAMS_NAME}\\[(\\d+)\\]\\.([xyzw])`, 'g'), (_, v: string, c: string) => {
    const value = params[Number(v) * 4 + 'xyzw'.indexOf(c)];
    if (value === undefined) throw new Error(`the kernel reads size ${Number(v) * 4 + 'xyzw'.indexOf(c)} of ${params.length}`);
    return `${value}i`;
  });
}
