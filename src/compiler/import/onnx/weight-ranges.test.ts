// Where a model file's weights lie, found by reading its structure only: the main graph's large
// initializers' raw_data and nothing else, in file order, with no byte of them read; a file the walk
// cannot follow gives no ranges.
import { describe, expect, it } from 'vitest';
import { decodeModel } from './proto';
import { graphAttr, modelBytes, node, tensorInfo } from './testing';
import { onnxWeightRanges } from './weight-ranges';

const floats = (n: number, seed: number) => new Uint8Array(new Float32Array(Array.from({ length: n }, (_, i) => seed + i)).buffer);

/** y = x + a + b, with `a` of 20,000 floats and `b` of 6, and an If whose branch holds its own 20,000-float initializer. */
function model(): Uint8Array {
  const branch = {
    nodes: [node('Add', ['x', 'c'], ['z'])], inputs: [], outputs: [tensorInfo('z', [20000])],
    initializers: [{ name: 'c', dims: [20000], data_type: 1, raw_data: floats(20000, 3) }],
  };
  return modelBytes({
    nodes: [node('Add', ['x', 'a'], ['s']), node('Add', ['s', 'b6'], ['t']), node('If', ['flag'], ['y'], { then_branch: graphAttr(branch), else_branch: graphAttr(branch) })],
    inputs: [tensorInfo('x', [20000]), tensorInfo('flag', [], 9)],
    outputs: [tensorInfo('y', [20000])],
    initializers: [
      { name: 'a', dims: [20000], data_type: 1, raw_data: floats(20000, 1) },
      { name: 'b6', dims: [6], data_type: 1, raw_data: floats(6, 2) },
    ],
  });
}

/** A reader of `file` that counts the bytes it hands out. */
function reader(file: Uint8Array): { read: (offset: number, length: number) => Uint8Array; readonly bytes: number } {
  let bytes = 0;
  return {
    read: (offset, length) => {
      const got = file.subarray(offset, offset + length);
      bytes += got.length;
      return got;
    },
    get bytes() { return bytes; },
  };
}

describe('onnxWeightRanges', () => {
  const file = model();
  const decoded = decodeModel(file);
  const at = (name: string): [number, number] => {
    const raw = decoded.graph!.initializer.find((t) => t.name === name)!.raw_data;
    return [raw.byteOffset - file.byteOffset, raw.byteOffset - file.byteOffset + raw.length];
  };

  it('finds the main graph\'s large raw_data, not a branch\'s, and reads a few windows of the file, not the weights', () => {
    const r = reader(file);
    expect(onnxWeightRanges(file.length, r.read)).toEqual([at('a')]);
    // A window at each field stepped over: far less than the 80 KB weight it skipped.
    expect(r.bytes).toBeLessThan(5 * 4096);
  });

  it('takes smaller initializers from a smaller threshold, in file order', () => {
    expect(onnxWeightRanges(file.length, reader(file).read, 1)).toEqual([at('a'), at('b6')]);
  });

  it('gives no ranges for a file it cannot follow: cut short, or no protobuf', () => {
    const cut = file.subarray(0, at('a')[0] + 100);
    expect(onnxWeightRanges(cut.length, reader(cut).read)).toEqual([]);
    const noise = new Uint8Array(1000).fill(0xff);
    expect(onnxWeightRanges(noise.length, reader(noise).read)).toEqual([]);
    expect(onnxWeightRanges(0, reader(new Uint8Array(0)).read)).toEqual([]);
  });
});
