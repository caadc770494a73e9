// max_unpool as a scatter: three kernels over a workspace of one i32 per result element — mark every
// element empty (−1), record for each the largest input position that writes it (atomicMax: the last
// write wins, as in ONNX Runtime's loop), then an element kernel reads x there or 0, with any
// elementwise epilogue fused. Gathering instead would search x for every result element.
import { type Value, numElements, strides } from '../../ir';
import { type KernelBuilder, KernelDecline, bindingDecls, convert, elementKernel, elementWorkgroup, flatOffset, generator, literal, scalarOf } from '../wgsl/builder';
import type { GeneratedKernel } from './gemm-kernel';
import { ctxOf } from './helpers';

/** A 1-D kernel of `threads` threads (`idx`), on a 2-D grid of workgroups past 65535. */
function threads(head: string, count: number, body: string): GeneratedKernel {
  const size = elementWorkgroup(count);
  const groups = Math.max(1, Math.ceil(count / size));
  const x = Math.min(groups, 65535);
  return {
    wgsl: `${head}

@compute @workgroup_size(${size})
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let idx = i32((wg.y * ${x}u + wg.x) * ${size}u + lid);
  if (idx >= ${count}i) { return; }
${body}
}
`,
    workgroups: [x, Math.ceil(groups / x), 1],
  };
}

/** The kernels writing `out` when its subgraph holds a max_unpool (and elementwise ops after it); undefined otherwise. */
export function unpoolKernels(b: KernelBuilder, out: Value, outBinding: number, name: string): GeneratedKernel[] | undefined {
  const op = [...b.inside].find((o) => o.opName === 'max_unpool');
  if (!op) return undefined;
  const [x, indices] = op.operands as [Value, Value];
  if (!b.args.includes(x) || !b.args.includes(indices)) throw new KernelDecline('max_unpool reads its input and indices as computed by earlier kernels');
  const result = op.results[0]!.type.shape;
  const total = numElements(result);
  const within = op.attributes.has('index_shape') ? ctxOf(op).ints('index_shape') : result;
  const positions = numElements(within);
  const ws = outBinding + 1;
  const decls = bindingDecls(b, out, outBinding);
  const atomics = `@group(0) @binding(${ws}) var<storage, read_write> workspace: array<atomic<i32>>;`;
  // Flat position `at` of index_shape → the result element with the same coordinates.
  const ws1 = strides(within);
  const place = within === result ? 'at' : flatOffset(within.map((d, i) => `(at / ${ws1[i]}i % ${d}i)`), result);
  const bytes = total * 4;
  const empty = threads(`// ${name}: mark ${total} result elements empty\n${decls}\n${atomics}`, total, '  atomicStore(&workspace[idx], -1i);');
  const scatter = threads(`// ${name}: record the last input element written to each result element\n${decls}\n${atomics}`, numElements(x.type.shape), [
    `  let at = ${convert(b.load(indices, 'idx'), 'i32')};`,
    `  if (at >= 0i && at < ${positions}i) { atomicMax(&workspace[${place}], idx); }`,
  ].join('\n'));
  const t = scalarOf(x.type.element);
  b.override(op, (kb, _op, coords, scope) => {
    const w = kb.fresh('uw');
    scope.emit(`let ${w} = workspace[${flatOffset(coords, result)}];`);
    return { expr: `select(${literal(0, t)}, ${convert(kb.load(x, `max(${w}, 0i)`), t)}, ${w} >= 0i)`, type: t };
  });
  const gather = elementKernel(b, out, outBinding, name);
  const plain = `@group(0) @binding(${ws}) var<storage, read_write> workspace: array<i32>;`;
  return [{ ...empty, workspace: bytes }, { ...scatter, workspace: bytes }, { wgsl: `${gather.wgsl}${plain}\n`, workgroups: gather.workgroups, workspace: bytes }];
}

// The per-op target takes the ops that have a generator; max_unpool's kernels are planned above.
generator('max_unpool', () => {
  throw new KernelDecline('max_unpool is planned as a scatter (unpoolKernels), not generated per element');
});
