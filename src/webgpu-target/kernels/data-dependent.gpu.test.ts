// non_zero, compress, non_max_suppression and unique on real WebGPU against the CPU reference, exact:
// each case returns every result, bounded ones cut to their count (`extents`), and runs on the GPU.
// Edge cases: no non-zeros, all non-zeros, an empty condition, zero boxes kept, all-equal scores,
// identical boxes, centre-format boxes, unsorted and along-axis unique, all-equal input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseModule, typeToString } from '../../ir';
import { formatAttribute } from '../../ir/attributes';
import { inferOp } from '../../ir/registry';
import { type AttrInput, attrs, ty } from '../../ir/ops/test-cases';
import { compile } from '../../compiler/pipeline';
import { runEntryPoint } from '../../reference';
import { openDevice } from '../../runtime/device';
import { loadProgram } from '../../runtime/runtime';
import { defaultTargets } from '../../engine/targets';
import { type HostTensor, allocTensor } from '../../core';

let device: GPUDevice;
beforeAll(async () => { device = (await openDevice()).device; });
afterAll(() => device?.destroy());

interface DdCase { name: string; op: string; inputs: [string, number[]][]; attrs?: Record<string, AttrInput>; extents: number[] }

function tensorOf(type: string, values: number[]): HostTensor {
  const t = allocTensor(ty(type).shape, ty(type).element);
  values.forEach((v, i) => { t.data[i] = t.data instanceof BigInt64Array ? BigInt(v) : v; });
  return t;
}

/** The op over its inputs, every result returned, the bounded ones paired with the count. */
function moduleText(c: DdCase): string {
  const types = c.inputs.map(([t]) => ty(t));
  const dictionary = attrs(c.attrs);
  const results = inferOp(c.op, types, dictionary);
  const res = `(${results.map(typeToString).join(', ')})`;
  const dict = [...dictionary].map(([k, v]) => `${k} = ${formatAttribute(v)}`);
  const args = types.map((t, i) => `%a${i}: ${typeToString(t)}`).join(', ');
  return `cgc.module attributes {cgc.interface = "7FC4F23F-2474-4AE8-AE7A-2722118B350E", cgc.version = "0.1.0"} {
  cgc.entry_point @main(${args}) -> ${res} attributes {extents = [${c.extents.join(', ')}]} {
    %r:${results.length} = cgc_op.${c.op}(${types.map((_, i) => `%a${i}`).join(', ')})${dict.length ? ` {${dict.join(', ')}}` : ''} : (${types.map(typeToString).join(', ')}) -> ${res}
    cgc.return ${results.map((_, i) => `%r#${i}`).join(', ')} : ${results.map(typeToString).join(', ')}
  }
}`;
}

const nz = (name: string, type: string, v: number[]): DdCase => ({ name: `non_zero ${name}`, op: 'non_zero', inputs: [[type, v]], extents: [0, 1, 1] });
const BOXES = [0, 0, 1, 1, 0, 0.1, 1, 1.1, 0, -0.1, 1, 0.9, 0, 10, 1, 11, 0, 10.1, 1, 11.1, 0, 100, 1, 101];
const nms = (name: string, boxes: number[], scores: number[], classes: number, a: Record<string, AttrInput>): DdCase => ({
  name: `non_max_suppression ${name}`, op: 'non_max_suppression', attrs: a, extents: [0, 1, 0],
  inputs: [[`1x${boxes.length / 4}x4xf32`, boxes], [`1x${classes}x${boxes.length / 4}xf32`, scores]],
});

const CASES: DdCase[] = [
  nz('of a mixed 2x3 (−0 is zero)', '2x3xf32', [0, 1, -0, 2.5, 0, -3]),
  nz('of zeros only', '2x2xf32', [0, 0, 0, 0]),
  nz('of all non-zeros, int32', '3x1x2xi32', [1, 2, 3, 4, 5, -6]),
  nz('of bools', '5xbool', [1, 0, 0, 1, 1]),
  { name: 'compress along axis 0', op: 'compress', attrs: { axis: 0 }, inputs: [['3x2xf32', [1, 2, 3, 4, 5, 6]], ['3xbool', [0, 1, 1]]], extents: [0, 1, 0] },
  { name: 'compress along the last axis, a short condition', op: 'compress', attrs: { axis: -1 }, inputs: [['2x3xi32', [1, 2, 3, 4, 5, 6]], ['2xbool', [1, 0]]], extents: [0, 1, 1] },
  { name: 'compress flattened, int64', op: 'compress', inputs: [['2x2xi64', [-7, 8, 9, -10]], ['4xbool', [1, 0, 1, 1]]], extents: [0, 1, 0] },
  { name: 'compress with nothing selected', op: 'compress', attrs: { axis: 1 }, inputs: [['2x2xf32', [1, 2, 3, 4]], ['2xbool', [0, 0]]], extents: [0, 1, 1] },
  nms('two classes, overlaps and a score threshold', BOXES, [0.9, 0.75, 0.6, 0.95, 0.5, 0.3, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6], 2, { max_output_boxes_per_class: 3, iou_threshold: 0.5, score_threshold: 0.15 }),
  nms('keeping no box (every score under the threshold)', BOXES, [0.1, 0.2, 0.1, 0.2, 0.1, 0.2], 1, { max_output_boxes_per_class: 6, score_threshold: 0.5 }),
  nms('with max 0', BOXES, [0.1, 0.2, 0.1, 0.2, 0.1, 0.2], 1, {}),
  nms('of all-equal scores', BOXES, [0.5, 0.5, 0.5, 0.5, 0.5, 0.5], 1, { max_output_boxes_per_class: 6, iou_threshold: 0.4 }),
  nms('of identical boxes', [0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1], [0.3, 0.9, 0.9, 0.1], 1, { max_output_boxes_per_class: 4, iou_threshold: 0.5 }),
  nms('of flipped corners', [1, 1, 0, 0, 0, 0.1, 1, 1.1, 11, 1, 10, 0], [0.9, 0.8, 0.7], 1, { max_output_boxes_per_class: 3, iou_threshold: 0.5 }),
  nms('of centre-format boxes', [0.5, 0.5, 1, 1, 0.5, 0.6, 1, 1, 0.5, 10.5, 1, 1], [0.9, 0.95, 0.4], 1, { center_point_box: 1, max_output_boxes_per_class: 2, iou_threshold: 0.5 }),
  { name: 'unique sorted', op: 'unique', inputs: [['8xf32', [2, 1, 1, 3, 4, 3, -1, 2]]], extents: [0, 4, 0, 1, 4, 0, 3, 4, 0] },
  { name: 'unique unsorted, int32', op: 'unique', attrs: { sorted: false }, inputs: [['2x3xi32', [3, 1, 3, 2, 1, 5]]], extents: [0, 4, 0, 1, 4, 0, 3, 4, 0] },
  { name: 'unique of all-equal input', op: 'unique', inputs: [['4xf32', [7, 7, 7, 7]]], extents: [0, 4, 0, 1, 4, 0, 3, 4, 0] },
  { name: 'unique rows along axis 0', op: 'unique', attrs: { axis: 0 }, inputs: [['4x2xf32', [1, 0, 1, 0, 2, 3, 0, 5]]], extents: [0, 4, 0, 1, 4, 0, 3, 4, 0] },
  { name: 'unique columns along axis 1 of 2x3x2', op: 'unique', attrs: { axis: 1 }, inputs: [['2x3x2xf32', [1, 1, 0, 1, 1, 1, 2, 2, 0, 0, 2, 2]]], extents: [0, 4, 1, 1, 4, 0, 3, 4, 0] },
];

const plain = (t: HostTensor) => ({ shape: [...t.type.shape], values: Array.from(t.data as ArrayLike<number | bigint>, Number) });

describe('data-dependent kernels vs CPU reference', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const { module } = parseModule(moduleText(c));
      const inputs = c.inputs.map(([t, v]) => tensorOf(t, v));
      const want = runEntryPoint(module!, inputs, () => undefined);
      const state = compile(module!, defaultTargets());
      const program = await loadProgram(device, state.output!, () => undefined, { targets: defaultTargets() });
      try {
        expect(program.partitions.map((p) => p.target).filter((t) => !t.startsWith('webgpu')), 'every partition on the GPU').toEqual([]);
        const got = (await program.run(inputs)).outputs;
        expect(got.map(plain)).toEqual(want.map(plain));
      } finally {
        program.destroy();
      }
    });
  }
});
