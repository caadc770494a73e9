// NonZero, Compress, NonMaxSuppression, Unique and TopK with a run-time k: bounded results with a
// count, the count returned after the graph's outputs (`extents`), the axis followed through the ops
// that keep it, a refusal naming any other reader, and exact sizes when the inputs are constants.
import { expect, test } from 'vitest';
import { importText, intTensor, node, tensorInfo } from './testing';

const INT64 = 7;
const BOOL = 9;

test('NonMaxSuppression → Gather of the kept boxes: bounded along the rows, the count returned last', () => {
  const { text } = importText({
    nodes: [
      node('NonMaxSuppression', ['boxes', 'scores', 'max', 'iou'], ['sel'], {}, 'nms'),
      node('Gather', ['sel', 'two'], ['col'], { axis: 1 }),
      node('Squeeze', ['col', 'one'], ['idx']),
      node('Squeeze', ['boxes', 'zero'], ['flat']),
      node('Gather', ['flat', 'idx'], ['kept'], { axis: 0 }),
      node('Mul', ['kept', 'scale'], ['out']),
    ],
    inputs: [tensorInfo('boxes', [1, 5, 4]), tensorInfo('scores', [1, 1, 5]), tensorInfo('scale', [1, 4])],
    initializers: [intTensor('max', [1], [3]), { name: 'iou', dims: [1], data_type: 1, float_data: [0.5] }, intTensor('two', [1], [2]),
      intTensor('one', [1], [1]), intTensor('zero', [1], [0])],
    outputs: [{ name: 'out' }, { name: 'sel' }],
    opset: 13,
  });
  expect(text).toContain('cgc_op.non_max_suppression(%boxes, %scores) {center_point_box = 0, max_output_boxes_per_class = 3, iou_threshold = 0.5}');
  expect(text).toContain('-> (!cgc.tensor<3x4x!cgc.float32>, !cgc.tensor<3x3x!cgc.int64>, !cgc.tensor<!cgc.int64>) attributes {extents = [0, 2, 0, 1, 2, 0]}');
});

test('TopK with a computed k sorts the whole axis, bounded by k', () => {
  const { text } = importText({
    nodes: [node('Shape', ['x'], ['s']), node('Gather', ['s', 'last'], ['k']), node('Div', ['k', 'k2'], ['half']), node('TopK', ['x', 'half'], ['v', 'i'])],
    inputs: [tensorInfo('x', [2, 6]), tensorInfo('k2', [1], INT64)],
    initializers: [intTensor('last', [1], [1])],
    outputs: [{ name: 'v' }, { name: 'i' }],
    opset: 13,
  });
  expect(text).toContain('cgc_op.top_k(%x) {k = 6, axis = 1, largest = true, sorted = true}');
  expect(text).toContain('attributes {extents = [0, 2, 1, 1, 2, 1]}');
});

test('boolean indexing (NonZero → Transpose → GatherND) keeps the rows bounded', () => {
  const { text } = importText({
    nodes: [node('Greater', ['s', 'half'], ['m']), node('NonZero', ['m'], ['nz']), node('Transpose', ['nz'], ['t'], { perm: [1, 0] }), node('GatherND', ['b', 't'], ['kept'])],
    inputs: [tensorInfo('s', [6]), tensorInfo('b', [6, 4])],
    initializers: [{ name: 'half', dims: [], data_type: 1, float_data: [0.5] }],
    outputs: [{ name: 'kept' }],
  });
  expect(text).toContain('-> (!cgc.tensor<6x4x!cgc.float32>, !cgc.tensor<!cgc.int64>) attributes {extents = [0, 1, 0]}');
});

test('an op that would read a bounded value whole is refused, naming it', () => {
  expect(() => importText({
    nodes: [node('NonZero', ['x'], ['nz']), node('ReduceSum', ['nz'], ['s'], {}, 'sum')],
    inputs: [tensorInfo('x', [4], BOOL)],
    outputs: [{ name: 's' }],
  })).toThrow(/ReduceSum 'sum' \(opset 17\): input #0 \('nz'\) has a size known only at run time along axis 1 .*which ReduceSum would read in full; what can read such a value: elementwise ops/);
  expect(() => importText({
    nodes: [node('Compress', ['x', 'c'], ['y'], { axis: 0 }), node('Add', ['y', 'x'], ['z'], {}, 'add')],
    inputs: [tensorInfo('x', [3, 2]), tensorInfo('c', [3], BOOL)],
    outputs: [{ name: 'z' }],
  })).toThrow(/input #1, which spans that axis/);
});

test('constant inputs fold to the exact size', () => {
  const { text } = importText({
    nodes: [node('Unique', ['x'], ['y', 'i', 'inv', 'n'])],
    inputs: [],
    initializers: [intTensor('x', [5], [3, 1, 3, 2, 1])],
    outputs: [{ name: 'y' }, { name: 'i' }, { name: 'inv' }, { name: 'n' }],
  });
  expect(text).not.toContain('extents');
  expect(text).toContain('-> (!cgc.tensor<3x!cgc.int64>, !cgc.tensor<3x!cgc.int64>, !cgc.tensor<5x!cgc.int64>, !cgc.tensor<3x!cgc.int64>)');
});
