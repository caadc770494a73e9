// Kernels for a concrete subgraph: one WGSL compute kernel per result, each pulling its value
// through the subgraph's ops (so a whole fused subgraph is one kernel per output), or a tiled GEMM when
// the result hangs off one matmul, gemm or convolution (kernels/gemm-kernel.ts). A subgraph the
// generators cannot express is declined with the reason, which is what specialization answers.
import { type Operation, numElements } from '../ir';
import { WGSL_HELPERS } from './kernels/elementwise';
import './kernels';
import { tiledKernel } from './kernels/gemm-kernel';
import { rowKernel } from './kernels/row-kernel';
import { KernelBuilder, KernelDecline, elementKernel, hasGenerator } from './wgsl/builder';

export interface KernelSpec {
  readonly name: string;
  readonly wgsl: string;
  readonly workgroups: readonly [number, number, number];
  /** Bind points read (the functional definition's arguments, bindings 0…n−1). */
  readonly inputs: number;
  /** The bind point written: argument count + result index (also its binding number). */
  readonly output: number;
}

/** Kernels for the functional definition `def`; throws KernelDecline when one cannot be generated. */
export function planKernels(def: Operation, symbol = 'subgraph'): KernelSpec[] {
  const block = def.body();
  const ops = block.operations.filter((o) => o.name.startsWith('cgc_op.'));
  for (const op of ops) if (!hasGenerator(op.opName)) throw new KernelDecline(`no WebGPU kernel for 'cgc_op.${op.opName}'`);
  const ret = block.operations.at(-1)!;
  const args = block.arguments;
  const kernels: KernelSpec[] = [];
  ret.operands.forEach((out, r) => {
    if (numElements(out.type.shape) === 0) return;
    const b = new KernelBuilder(args, new Set(ops));
    const binding = args.length + r;
    const name = `${symbol}.${r}`;
    // matmul / gemm / convolution → elementwise chain  ⇒  one tiled GEMM with the chain in its store;
    // elementwise → softmax / normalization → elementwise  ⇒  one workgroup per row
    const { wgsl, workgroups } = tiledKernel(b, out, binding, name) ?? rowKernel(b, out, binding, name) ?? elementKernel(b, out, binding, name);
    kernels.push({ name, wgsl: withHelpers(wgsl), workgroups, inputs: args.length, output: binding });
  });
  return kernels;
}

/** Appends the helper functions the code calls, and those they call in turn. */
function withHelpers(wgsl: string): string {
  const used = new Set<string>();
  let text = wgsl;
  for (let grew = true; grew;) {
    grew = false;
    for (const [fn, code] of Object.entries(WGSL_HELPERS)) {
      if (!used.has(fn) && text.includes(`${fn}(`)) {
        used.add(fn);
        text += `\n${code}\n`;
        grew = true;
      }
    }
  }
  return text;
}

export { KernelDecline };
