// Where an ONNX file's weights lie, found without reading them: the byte ranges of the main graph's
// large initializers' raw_data, so that a reader can fetch the graph's structure first, import and
// compile it, and let the weights arrive meanwhile (cli/files.ts, readModelFile). The walk follows
// protobuf's wire format along ModelProto.graph → GraphProto.initializer → TensorProto.raw_data
// only, reading a small window at each field it steps over; any other field is skipped whole, so a
// nested graph's weights (an If's branch) are read as structure. A file the walk cannot follow gives
// no ranges: it is then read whole and the decoder says what is wrong with it.

/** raw_data fields from this size on are left to arrive while the structure is imported. */
export const DEFERRED_WEIGHT_BYTES = 64 << 10;

/** The bytes that the walk reads at a field: enough for a tag and a length, and for most TensorProto headers. */
const WINDOW = 4096;

const MODEL_GRAPH = 7;
const GRAPH_INITIALIZER = 5;
const TENSOR_RAW_DATA = 9;

/** A field's number, wire type and where its contents start and end. */
interface Field {
  readonly number: number;
  readonly wireType: number;
  readonly start: number;
  readonly end: number;
}

/**
 * The ranges [start, end) of `size` bytes that hold the main graph's raw_data fields of at least
 * `minBytes`, in file order. `read(offset, length)` gives the file's bytes there (fewer at its end).
 * Empty where the file is no ONNX model the walk can follow.
 */
export function onnxWeightRanges(size: number, read: (offset: number, length: number) => Uint8Array, minBytes = DEFERRED_WEIGHT_BYTES): [number, number][] {
  let window: Uint8Array = new Uint8Array(0);
  let windowAt = 0;
  const byteAt = (pos: number): number => {
    if (pos < windowAt || pos >= windowAt + window.length) {
      window = read(pos, Math.min(WINDOW, size - pos));
      windowAt = pos;
      if (window.length === 0) throw new RangeError('past the end');
    }
    return window[pos - windowAt]!;
  };
  const varint = (pos: number): [number, number] => {
    let value = 0;
    for (let shift = 0, at = pos; shift < 64; shift += 7, at++) {
      const b = byteAt(at);
      value += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return [value, at + 1];
    }
    throw new RangeError('varint too long');
  };
  /** The fields of the message at [start, end), in order. */
  function* fields(start: number, end: number): Generator<Field> {
    let pos = start;
    while (pos < end) {
      const [tag, afterTag] = varint(pos);
      const number = Math.floor(tag / 8);
      const wireType = tag % 8;
      let fieldStart = afterTag;
      let fieldEnd: number;
      if (wireType === 0) fieldEnd = varint(afterTag)[1];
      else if (wireType === 1) fieldEnd = afterTag + 8;
      else if (wireType === 5) fieldEnd = afterTag + 4;
      else if (wireType === 2) {
        const [length, afterLength] = varint(afterTag);
        fieldStart = afterLength;
        fieldEnd = afterLength + length;
      } else throw new RangeError(`wire type ${wireType}`);
      if (number === 0 || fieldEnd > end) throw new RangeError('field out of bounds');
      yield { number, wireType, start: fieldStart, end: fieldEnd };
      pos = fieldEnd;
    }
  }
  const ranges: [number, number][] = [];
  try {
    for (const model of fields(0, size)) {
      if (model.number !== MODEL_GRAPH || model.wireType !== 2) continue;
      for (const graph of fields(model.start, model.end)) {
        if (graph.number !== GRAPH_INITIALIZER || graph.wireType !== 2) continue;
        for (const tensor of fields(graph.start, graph.end)) {
          if (tensor.number === TENSOR_RAW_DATA && tensor.wireType === 2 && tensor.end - tensor.start >= minBytes) ranges.push([tensor.start, tensor.end]);
        }
      }
    }
  } catch (e) {
    if (e instanceof RangeError) return [];
    throw e;
  }
  return ranges;
}
