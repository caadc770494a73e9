// Reader and writer for `.safetensors`, the common named-tensor weights format: an 8-byte
// little-endian header length, a JSON header {name: {dtype, shape, data_offsets}}, then raw data.
import { CgcError, lookupTable } from '../core';
import { type ElementType, type ShapedType, byteSize, checkShape, numElements, tensorType } from './types';
import { type ResourceLimits, limitMessage, resolveLimits } from './limits';

export interface NamedTensor {
  readonly name: string;
  /** Always a `constant` tensor type. */
  readonly type: ShapedType;
  /** Little-endian element data, exactly byteSize(type) bytes. */
  readonly data: Uint8Array;
}

export interface Safetensors {
  readonly tensors: ReadonlyMap<string, NamedTensor>;
  readonly metadata: Readonly<Record<string, string>>;
}

export class SafetensorsError extends CgcError {
  override name = 'SafetensorsError';
  constructor(message: string) {
    super('import', message);
  }
}

const DTYPE_TO_ELEMENT: Readonly<Record<string, ElementType>> = lookupTable({
  F32: 'float32', F16: 'float16', I32: 'int32', I64: 'int64', I8: 'int8', U8: 'uint8', BOOL: 'bool', I16: 'int16', U16: 'uint16', U32: 'uint32',
  F64: 'float64', U64: 'uint64', BF16: 'bfloat16',
});
const ELEMENT_TO_DTYPE = Object.fromEntries(Object.entries(DTYPE_TO_ELEMENT).map(([k, v]) => [v, k])) as Record<ElementType, string>;

/**
 * The entries at the top level of a JSON object, counted from its bytes without parsing them (so a
 * header of a million empty tensors is refused before it costs a gigabyte of objects); stops
 * counting past `max`.
 */
function countTopLevelEntries(json: Uint8Array, max: number): number {
  let depth = 0, entries = 0, inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json[i]!;
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped byte
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) depth++;
    else if (c === 0x7d || c === 0x5d) depth--;
    else if (c === 0x3a && depth === 1 && ++entries > max) break;
  }
  return entries;
}

/** Reads a .safetensors file; sizes are checked against `limits` (DEFAULT_LIMITS where not given). */
export function readSafetensors(bytes: Uint8Array, limitsGiven: Partial<ResourceLimits> = {}): Safetensors {
  const limits = resolveLimits(limitsGiven);
  if (bytes.length > limits.maxFileBytes) throw new SafetensorsError(limitMessage('maxFileBytes', bytes.length, limits.maxFileBytes, 'the weights file is too large'));
  if (bytes.length < 8) throw new SafetensorsError(`file is ${bytes.length} bytes; a safetensors file starts with an 8-byte header length`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLen = view.getBigUint64(0, true);
  if (headerLen > BigInt(bytes.length - 8)) throw new SafetensorsError(`header length ${headerLen} exceeds the file (${bytes.length} bytes)`);
  const n = Number(headerLen);
  if (n > limits.maxHeaderBytes) throw new SafetensorsError(limitMessage('maxHeaderBytes', n, limits.maxHeaderBytes, 'the header'));
  const json = bytes.subarray(8, 8 + n);
  // The metadata entry is not a tensor: one more than the limit.
  const entries = countTopLevelEntries(json, limits.maxHeaderEntries + 1);
  if (entries > limits.maxHeaderEntries + 1) throw new SafetensorsError(limitMessage('maxHeaderEntries', entries, limits.maxHeaderEntries, 'the header'));
  let header: unknown;
  try {
    header = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(json));
  } catch (e) {
    throw new SafetensorsError(`header is not valid UTF-8 JSON: ${(e as Error).message}`);
  }
  if (typeof header !== 'object' || header === null || Array.isArray(header)) throw new SafetensorsError('header must be a JSON object');
  const data = bytes.subarray(8 + n);
  const tensors = new Map<string, NamedTensor>();
  let metadata: Record<string, string> = {};
  let total = 0;
  const ranges: { name: string; begin: number; end: number }[] = [];
  for (const [name, entry] of Object.entries(header as Record<string, unknown>)) {
    if (name === '__metadata__') {
      metadata = readMetadata(entry);
      continue;
    }
    if (tensors.size >= limits.maxHeaderEntries) throw new SafetensorsError(limitMessage('maxHeaderEntries', tensors.size + 1, limits.maxHeaderEntries, 'the header'));
    const t = readEntry(name, entry, data, limits);
    total += t.data.length;
    if (total > limits.maxConstantBytes) throw new SafetensorsError(limitMessage('maxConstantBytes', total, limits.maxConstantBytes, `tensors up to "${name}"`));
    tensors.set(name, t);
    if (t.data.length) ranges.push({ name, begin: t.data.byteOffset - data.byteOffset, end: t.data.byteOffset - data.byteOffset + t.data.length });
  }
  // Each byte belongs to one tensor, as the reference reader requires.
  ranges.sort((a, b) => a.begin - b.begin);
  for (let i = 1; i < ranges.length; i++) {
    const [a, b] = [ranges[i - 1]!, ranges[i]!];
    if (b.begin < a.end) throw new SafetensorsError(`tensors "${a.name}" [${a.begin}, ${a.end}] and "${b.name}" [${b.begin}, ${b.end}] overlap: each byte of the data belongs to one tensor`);
  }
  return { tensors, metadata };
}

function readMetadata(entry: unknown): Record<string, string> {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw new SafetensorsError('__metadata__ must be an object of strings');
  for (const v of Object.values(entry)) if (typeof v !== 'string') throw new SafetensorsError('__metadata__ values must be strings');
  return { ...(entry as Record<string, string>) };
}

function readEntry(name: string, entry: unknown, data: Uint8Array, limits: ResourceLimits): NamedTensor {
  const e = entry as { dtype?: unknown; shape?: unknown; data_offsets?: unknown };
  if (typeof e !== 'object' || e === null) throw new SafetensorsError(`tensor "${name}": entry must be an object`);
  const element = typeof e.dtype === 'string' ? DTYPE_TO_ELEMENT[e.dtype] : undefined;
  if (!element) {
    throw new SafetensorsError(`tensor "${name}": dtype ${JSON.stringify(e.dtype)} is not supported (supported: ${Object.keys(DTYPE_TO_ELEMENT).join(', ')})`);
  }
  if (!Array.isArray(e.shape) || !e.shape.every((d) => typeof d === 'number')) throw new SafetensorsError(`tensor "${name}": shape must be an array of integers`);
  const problem = checkShape(e.shape as number[]);
  if (problem) throw new SafetensorsError(`tensor "${name}": ${problem}`);
  const n = numElements(e.shape as number[]);
  if (n > limits.maxTensorElements) throw new SafetensorsError(limitMessage('maxTensorElements', n, limits.maxTensorElements, `tensor "${name}" of shape [${(e.shape as number[]).join(', ')}]`));
  const offsets = e.data_offsets;
  if (!Array.isArray(offsets) || offsets.length !== 2 || !offsets.every((o) => Number.isSafeInteger(o) && o >= 0)) {
    throw new SafetensorsError(`tensor "${name}": data_offsets must be [begin, end]`);
  }
  const [begin, end] = offsets as [number, number];
  const type = tensorType(e.shape as number[], element, true);
  if (end < begin || end > data.length) throw new SafetensorsError(`tensor "${name}": data_offsets [${begin}, ${end}] lie outside the ${data.length}-byte data section`);
  if (end - begin !== byteSize(type)) throw new SafetensorsError(`tensor "${name}": ${end - begin} bytes of data for a ${byteSize(type)}-byte tensor`);
  return { name, type, data: data.subarray(begin, end) };
}

export function writeSafetensors(
  tensors: Iterable<{ name: string; type: ShapedType; data: Uint8Array }>,
  metadata: Readonly<Record<string, string>> = {},
): Uint8Array {
  const header = Object.create(null) as Record<string, unknown>;
  if (Object.keys(metadata).length) header.__metadata__ = metadata;
  const chunks: Uint8Array[] = [];
  let offset = 0;
  for (const t of tensors) {
    if (t.name === '__metadata__') throw new SafetensorsError('"__metadata__" cannot name a tensor');
    if (t.data.length !== byteSize(t.type)) throw new SafetensorsError(`tensor "${t.name}": ${t.data.length} bytes for a ${byteSize(t.type)}-byte tensor`);
    header[t.name] = { dtype: ELEMENT_TO_DTYPE[t.type.element], shape: [...t.type.shape], data_offsets: [offset, offset + t.data.length] };
    chunks.push(t.data);
    offset += t.data.length;
  }
  let json = new TextEncoder().encode(JSON.stringify(header));
  // Pad the header with spaces so the data section starts 8-byte aligned, as the reference writer does.
  const pad = (8 - (json.length % 8)) % 8;
  if (pad) json = new TextEncoder().encode(JSON.stringify(header) + ' '.repeat(pad));
  const out = new Uint8Array(8 + json.length + offset);
  new DataView(out.buffer).setBigUint64(0, BigInt(json.length), true);
  out.set(json, 8);
  let at = 8 + json.length;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** The constant-type lookup the IR parser takes, from a weights file. */
export function constantTypesOf(weights: Safetensors): (name: string) => ShapedType | undefined {
  return (name) => weights.tensors.get(name)?.type;
}
