// Custom Run inputs from user data, checked against the input they fill: a constant, token ids typed
// as a list, a raw little-endian `.bin`, a NumPy `.npy` file. Pure (no DOM); every mismatch is an
// error naming the input, what it needs and what it got.
import { type ElementType, type HostTensor, type ShapedType, allocTensor, byteSize, elementByteSize, floatToHalf, numElements, tensorFromBytes } from '../core';

/** `%x (1×3×32×32 float32)`: how errors and notes name an input. */
export const describeInput = (name: string, type: ShapedType): string => `${name} (${type.shape.join('×') || 'scalar'} ${type.element})`;

const isInteger = (e: ElementType): boolean => e === 'int32' || e === 'int64' || e === 'int8' || e === 'uint8' || e === 'bool';

/** Every element of `type` set to `value` (float16 rounded to half; integer inputs need an integer). */
export function constantTensor(type: ShapedType, value: number, name = 'input'): HostTensor {
  if (!Number.isFinite(value)) throw new Error(`constant for ${describeInput(name, type)}: give a finite number`);
  if (isInteger(type.element) && !Number.isInteger(value)) throw new Error(`constant for ${describeInput(name, type)}: ${value} is not an integer`);
  const t = allocTensor(type.shape, type.element);
  if (t.data instanceof BigInt64Array) t.data.fill(BigInt(value));
  else if (type.element === 'float16') (t.data as Uint16Array).fill(floatToHalf(value));
  else (t.data as Float32Array).fill(value);
  return t;
}

export interface TokenIds {
  readonly ids: number[];
  /** Set when the list was padded or truncated to the input's size. */
  readonly note?: string;
}

/** Token ids typed as a list (`101, 2023, 2003, 102`; commas, spaces or brackets), padded with `pad` or truncated to `count`. */
export function parseTokenIds(text: string, count: number, pad = 0): TokenIds {
  const words = text.replace(/[[\]()]/g, ' ').split(/[\s,]+/).filter((w) => w);
  if (!words.length) throw new Error('token ids: type at least one id, e.g. 101, 2023, 2003, 102');
  const ids = words.map((w, i) => {
    if (!/^\d+$/.test(w)) throw new Error(`token ids: "${w}" (item ${i + 1}) is not a non-negative integer`);
    const v = Number(w);
    if (v > 2 ** 31 - 1) throw new Error(`token ids: ${w} (item ${i + 1}) is too large for a token id`);
    return v;
  });
  if (ids.length === count) return { ids };
  if (ids.length > count) return { ids: ids.slice(0, count), note: `${ids.length} ids truncated to the input's ${count}` };
  return { ids: [...ids, ...Array<number>(count - ids.length).fill(pad)], note: `${ids.length} id${ids.length === 1 ? '' : 's'} padded with ${pad} to the input's ${count}` };
}

/** Token ids as an int32/int64 tensor of `type`. */
export function tokenTensor(type: ShapedType, text: string, name = 'input'): { tensor: HostTensor; note?: string } {
  if (type.element !== 'int32' && type.element !== 'int64') throw new Error(`token ids fill int32 or int64 inputs; ${describeInput(name, type)} is ${type.element}`);
  const { ids, note } = parseTokenIds(text, numElements(type.shape));
  const t = allocTensor(type.shape, type.element);
  if (t.data instanceof BigInt64Array) ids.forEach((v, i) => { (t.data as BigInt64Array)[i] = BigInt(v); });
  else (t.data as Int32Array).set(ids);
  return { tensor: t, ...(note ? { note } : {}) };
}

/** A raw little-endian file of exactly the input's size. */
export function binTensor(type: ShapedType, bytes: Uint8Array, file: string, name = 'input'): HostTensor {
  const want = byteSize(type);
  if (bytes.byteLength !== want) {
    throw new Error(`${file} has ${bytes.byteLength} bytes; ${describeInput(name, type)} needs ${want} (${numElements(type.shape)} × ${elementByteSize(type.element)}-byte ${type.element}, little-endian)`);
  }
  return tensorFromBytes(type, bytes);
}

export interface NpyArray {
  readonly element: ElementType;
  readonly shape: number[];
  readonly data: Uint8Array;
}

const NPY_DTYPES: Record<string, ElementType> = { f4: 'float32', f2: 'float16', i4: 'int32', i8: 'int64', i1: 'int8', u1: 'uint8', b1: 'bool' };

/** Reads a NumPy `.npy` file (format 1.0–3.0): its dtype, shape and little-endian C-order data. */
export function parseNpy(bytes: Uint8Array, file = 'file.npy'): NpyArray {
  const magic = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59];
  if (bytes.length < 10 || magic.some((b, i) => bytes[i] !== b)) throw new Error(`${file} is not a .npy file (it does not start with \\x93NUMPY)`);
  const major = bytes[6]!;
  if (major < 1 || major > 3) throw new Error(`${file}: .npy format version ${major}.${bytes[7]} is not supported (1.0–3.0 are)`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const start = major === 1 ? 10 : 12;
  if (bytes.length < start) throw new Error(`${file}: the .npy header is cut short`);
  const headerLength = major === 1 ? view.getUint16(8, true) : view.getUint32(8, true);
  if (start + headerLength > bytes.length) throw new Error(`${file}: the .npy header says ${headerLength} bytes but the file is shorter`);
  const header = new TextDecoder(major === 3 ? 'utf-8' : 'latin1').decode(bytes.subarray(start, start + headerLength));
  const descr = /'descr'\s*:\s*'([^']*)'/.exec(header)?.[1];
  const fortran = /'fortran_order'\s*:\s*(True|False)/.exec(header)?.[1];
  const shapeText = /'shape'\s*:\s*\(([^)]*)\)/.exec(header)?.[1];
  if (descr === undefined || fortran === undefined || shapeText === undefined) throw new Error(`${file}: the .npy header has no descr, fortran_order or shape: ${header.trim()}`);
  if (fortran === 'True') throw new Error(`${file} is in Fortran (column-major) order; save it in C order (np.ascontiguousarray) and pick it again`);
  const order = descr[0];
  const element = NPY_DTYPES[descr.slice(1)];
  if (!element || !'<|='.includes(order ?? '') || (order === '|' && elementByteSize(element) > 1)) {
    throw new Error(`${file}: dtype '${descr}' is not supported (little-endian float32, float16, int32, int64, int8, uint8, bool are)`);
  }
  const shape = shapeText.split(',').map((d) => d.trim()).filter((d) => d).map(Number);
  if (shape.some((d) => !Number.isInteger(d) || d < 0)) throw new Error(`${file}: the .npy shape (${shapeText}) is not a list of sizes`);
  const size = numElements(shape) * elementByteSize(element);
  const data = bytes.subarray(start + headerLength);
  if (data.length !== size) throw new Error(`${file}: shape (${shape.join(', ')}) of ${element} needs ${size} data bytes, the file has ${data.length}`);
  return { element, shape, data };
}

/** A `.npy` file whose dtype and shape match the input. */
export function npyTensor(type: ShapedType, bytes: Uint8Array, file: string, name = 'input'): HostTensor {
  const a = parseNpy(bytes, file);
  const got = `${a.shape.join('×') || 'scalar'} ${a.element}`;
  if (a.element !== type.element) throw new Error(`${file} holds ${got}; ${describeInput(name, type)} needs dtype ${type.element}`);
  if (a.shape.length !== type.shape.length || a.shape.some((d, i) => d !== type.shape[i])) throw new Error(`${file} holds ${got}; ${describeInput(name, type)} needs shape ${type.shape.join('×')}`);
  return tensorFromBytes(type, a.data);
}
