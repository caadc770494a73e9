// MLIR bytecode reader (version 0, as MLIR 16 writes it). Reads what our writer and upstream
// mlir-opt write: builtin attributes/types in the builtin dialect's binary encoding, anything else
// in its textual fallback. Every malformed input is a diagnostic with the byte offset.
import { type Attribute, arrayAttr, boolAttr, dictAttr, floatAttr, intAttr, stringAttr, symbolAttr, typeAttr, unitAttr } from '../attributes';
import type { Diagnostic, Location } from '../diagnostics';
import { Operation, Region, type Value } from '../operation';
import { Parser } from '../parser';
import { getOpDef } from '../registry';
import { DIALECT_ALIASES, MODULE, STRUCTURAL_OPS } from '../structural';
import { type ShapedType, type Type, isShaped, typeToString } from '../types';
import { halfToFloat } from '../../core';
import { verifyModule } from '../verifier';
import { type ResourceLimits, checkModuleLimits, limitMessage, resolveLimits } from '../limits';
import { AttrCode, TypeCode } from './builtin';
import { ALIGNMENT_BYTE, BYTECODE_VERSION, ByteReader, BytecodeError, MAGIC, NUM_SECTIONS, OpMask, Section, decodeUtf8 } from './encoding';
import { readResources } from './resources';

export interface BytecodeReadOptions {
  file?: string;
  verify?: boolean;
  /**
   * Keep `cgc_op.*` ops this build has no definition for as they are read (by name, unverified)
   * instead of refusing them. For a runtime that only runs a program's recorded kernels and never
   * interprets its ops (the runtime-only entry, which registers none); implies `verify: false`.
   */
  opaqueOps?: boolean;
  /** Resource limits (DEFAULT_LIMITS where not given). */
  limits?: Partial<ResourceLimits>;
}

export interface BytecodeReadResult {
  module?: Operation;
  diagnostics: Diagnostic[];
  producer?: string;
  /** Blobs of the `cgc_constants` resource group: constant data keyed by constant name. */
  resources: Map<string, Uint8Array>;
}

export function isBytecode(bytes: Uint8Array): boolean {
  return MAGIC.every((b, i) => bytes[i] === b);
}

export function readBytecode(bytes: Uint8Array, options: BytecodeReadOptions = {}): BytecodeReadResult {
  const file = options.file ?? '<bytecode>';
  const limits = resolveLimits(options.limits);
  const refuse = (message: string, byte: number): BytecodeReadResult => ({ diagnostics: [{ severity: 'error', message, byteLoc: { file, byte } }], resources: new Map() });
  if (bytes.length > limits.maxFileBytes) return refuse(limitMessage('maxFileBytes', bytes.length, limits.maxFileBytes, `${file} is too large`), 0);
  const reader = new Reader(bytes, file, limits.maxNesting, options.opaqueOps ?? false);
  let module: Operation;
  try {
    module = reader.read();
  } catch (e) {
    if (e instanceof BytecodeError) return refuse(e.message, e.offset);
    if (e instanceof RangeError && /call stack/i.test(e.message)) return refuse(`bytecode too deeply nested (${e.message})`, 0);
    throw e;
  }
  const base = { producer: reader.producer, resources: reader.resources };
  const overLimit = checkModuleLimits(module, limits);
  if (overLimit) return { diagnostics: [{ ...overLimit, byteLoc: { file, byte: 0 } }], ...base };
  if (options.verify === false || options.opaqueOps) return { module, diagnostics: [], ...base };
  const diagnostics = verifyModule(module);
  return diagnostics.some((d) => d.severity === 'error') ? { diagnostics, ...base } : { module, diagnostics, ...base };
}

/** Types as read: ours, plus the builtin scalar types that only give attributes their width. */
type ReadType = Type | { kind: 'int'; width: number } | { kind: 'float'; bits: 16 | 32 | 64 };
/** Attributes as read: ours, plus locations (which only annotate ops). */
type ReadAttr = Attribute | { kind: 'location'; loc?: Location };

class Reader {
  producer = '';
  readonly resources = new Map<string, Uint8Array>();
  private strings: string[] = [];
  private dialects: string[] = [];
  private opNames: string[] = [];
  private attrRanges: { start: number; end: number; custom: boolean }[] = [];
  private typeRanges: { start: number; end: number; custom: boolean }[] = [];
  private attrData: Uint8Array = new Uint8Array();
  private attrBase = 0;
  private attrCache = new Map<number, ReadAttr>();
  private typeCache = new Map<number, ReadType>();
  private inProgress = new Set<string>();
  private depth = 0;

  constructor(private readonly bytes: Uint8Array, private readonly file: string, private readonly maxNesting: number, private readonly opaqueOps: boolean) {}

  read(): Operation {
    const r = new ByteReader(this.bytes);
    if (this.bytes.length < 4 || !MAGIC.every((b, i) => this.bytes[i] === b)) r.fail('not MLIR bytecode: bad magic (expected "ML\\xEFR")', 0);
    r.pos = 4;
    const versionAt = r.offset;
    const version = r.varint();
    if (version !== BYTECODE_VERSION) {
      r.fail(`unsupported bytecode version ${version}: this build reads version ${BYTECODE_VERSION} (what MLIR 16 writes)`, versionAt);
    }
    this.producer = r.cstring();
    const sections = new Map<number, ByteReader>();
    while (!r.atEnd) {
      const at = r.offset;
      const idAndAligned = r.byte();
      const id = idAndAligned & 0x7f;
      if (id >= NUM_SECTIONS) r.fail(`unknown section id ${id}`, at);
      if (sections.has(id)) r.fail(`section ${id} appears twice`, at);
      const length = r.varint();
      if (idAndAligned & 0x80) {
        const alignment = r.varint();
        if (alignment === 0 || alignment > 4096 || (alignment & (alignment - 1)) !== 0) r.fail(`section alignment ${alignment} is not a power of two up to 4096`);
        while (r.offset % alignment) {
          if (r.byte() !== ALIGNMENT_BYTE) r.fail('expected alignment padding byte 0xCB', r.offset - 1);
        }
      }
      const start = r.pos;
      sections.set(id, new ByteReader(r.bytes(length), start));
    }
    const need = (id: number, name: string): ByteReader => sections.get(id) ?? r.fail(`missing the ${name} section`, this.bytes.length);
    this.readStrings(need(Section.String, 'string'));
    this.readDialects(need(Section.Dialect, 'dialect'));
    this.readAttrTypeOffsets(need(Section.AttrTypeOffset, 'attribute/type offset'), need(Section.AttrType, 'attribute/type'));
    const ro = sections.get(Section.ResourceOffset);
    if (ro) readResources(ro, sections.get(Section.Resource) ?? new ByteReader(new Uint8Array(), this.bytes.length), (r) => this.string(r), this.resources);
    return this.readIR(need(Section.IR, 'IR'));
  }

  string(r: ByteReader): string {
    const at = r.offset;
    const i = r.varint();
    const s = this.strings[i];
    if (s === undefined) r.fail(`string index ${i} out of range (${this.strings.length} strings)`, at);
    return s;
  }

  private readStrings(r: ByteReader): void {
    const n = r.count('string');
    const lengths: number[] = [];
    for (let i = 0; i < n; i++) lengths.push(r.varint());
    lengths.reverse();
    for (const len of lengths) {
      const at = r.offset;
      if (len < 1) r.fail('string length 0 (strings are null-terminated)', at);
      const b = r.bytes(len);
      if (b[len - 1] !== 0) r.fail('string is not null-terminated', at);
      this.strings.push(decodeUtf8(b.subarray(0, len - 1), at));
    }
  }

  private readDialects(r: ByteReader): void {
    const n = r.count('dialect');
    for (let i = 0; i < n; i++) this.dialects.push(this.string(r));
    while (!r.atEnd) {
      const at = r.offset;
      const d = r.varint();
      const dialect = this.dialects[d];
      if (dialect === undefined) r.fail(`dialect index ${d} out of range`, at);
      const k = r.count('op name');
      for (let i = 0; i < k; i++) this.opNames.push(`${dialect}.${this.string(r)}`);
    }
  }

  private readAttrTypeOffsets(r: ByteReader, data: ByteReader): void {
    this.attrData = data.buf;
    this.attrBase = data.base;
    const numAttrs = r.count('attribute');
    const numTypes = r.count('type');
    let offset = 0;
    for (const [total, out] of [[numAttrs, this.attrRanges], [numTypes, this.typeRanges]] as const) {
      while (out.length < total) {
        const at = r.offset;
        const d = r.varint();
        if (this.dialects[d] === undefined) r.fail(`dialect index ${d} out of range`, at);
        const k = r.count('attribute/type group');
        if (out.length + k > total) r.fail(`attribute/type group of ${k} overruns the declared count ${total}`, at);
        for (let i = 0; i < k; i++) {
          const [size, custom] = r.varintWithFlag();
          if (offset + size > this.attrData.length) r.fail(`attribute/type entry of ${size} bytes runs past its section`, r.offset);
          out.push({ start: offset, end: offset + size, custom });
          offset += size;
        }
      }
    }
  }

  private entryReader(kind: 'attribute' | 'type', index: number, at: number): [ByteReader, boolean] {
    const range = (kind === 'attribute' ? this.attrRanges : this.typeRanges)[index];
    if (!range) throw new BytecodeError(`${kind} index ${index} out of range`, at);
    return [new ByteReader(this.attrData.subarray(range.start, range.end), this.attrBase + range.start), range.custom];
  }

  /** Reads entry `index` once, guarding against entries that refer to themselves. */
  private memo<T>(cache: Map<number, T>, kind: 'attribute' | 'type', index: number, at: number, f: (r: ByteReader, custom: boolean) => T): T {
    const hit = cache.get(index);
    if (hit !== undefined) return hit;
    const key = `${kind}${index}`;
    if (this.inProgress.has(key)) throw new BytecodeError(`${kind} #${index} refers to itself`, at);
    if (++this.depth > this.maxNesting) throw new BytecodeError(limitMessage('maxNesting', this.depth, this.maxNesting, 'attributes and types nested too deeply'), at);
    this.inProgress.add(key);
    try {
      const [r, custom] = this.entryReader(kind, index, at);
      const v = f(r, custom);
      if (custom && !r.atEnd) r.fail(`${r.buf.length - r.pos} unread bytes at the end of ${kind} #${index}`);
      cache.set(index, v);
      return v;
    } finally {
      this.inProgress.delete(key);
      this.depth--;
    }
  }

  private typeAt(r: ByteReader): ReadType {
    const at = r.offset;
    return this.memo(this.typeCache, 'type', r.varint(), at, (e, custom) => (custom ? this.builtinType(e) : this.textType(e)));
  }

  private attrAt(r: ByteReader): ReadAttr {
    const at = r.offset;
    return this.memo(this.attrCache, 'attribute', r.varint(), at, (e, custom) => (custom ? this.builtinAttr(e) : this.textAttr(e)));
  }

  private ourType(r: ByteReader): Type {
    const at = r.offset;
    const t = this.typeAt(r);
    if (t.kind === 'int' || t.kind === 'float') r.fail(`builtin ${t.kind === 'int' ? `i${t.width}` : `f${t.bits}`} type is not a CGC type`, at);
    return t;
  }

  private ourAttr(r: ByteReader): Attribute {
    const at = r.offset;
    const a = this.attrAt(r);
    if (a.kind === 'location') r.fail('a location is not an attribute value', at);
    return a;
  }

  private stringAttr(r: ByteReader): string {
    const at = r.offset;
    const a = this.attrAt(r);
    if (a.kind !== 'string') r.fail('expected a string attribute', at);
    return a.value;
  }

  private textType(r: ByteReader): Type {
    const at = r.offset;
    const text = r.cstring();
    const p = new Parser(text, { file: this.file }, this.maxNesting);
    try {
      const t = p.parseType();
      if (!p.is('eof')) throw new Error('trailing text');
      return t;
    } catch (e) {
      throw new BytecodeError(`type '${text.slice(0, 80)}' is not a CGC type: ${(e as Error).message}`, at);
    }
  }

  private textAttr(r: ByteReader): ReadAttr {
    const at = r.offset;
    const text = r.cstring();
    const p = new Parser(text, { file: this.file }, this.maxNesting);
    try {
      const a = p.parseAttribute();
      if (!p.is('eof')) throw new Error('trailing text');
      return a;
    } catch (e) {
      throw new BytecodeError(`attribute '${text.slice(0, 80)}' is not a CGC attribute: ${(e as Error).message}`, at);
    }
  }

  private builtinType(r: ByteReader): ReadType {
    const at = r.offset;
    const code = r.varint();
    switch (code) {
      case TypeCode.Integer: {
        const v = r.varint();
        return { kind: 'int', width: Math.floor(v / 4) };
      }
      case TypeCode.Index: return { kind: 'int', width: 64 };
      case TypeCode.Float16: return { kind: 'float', bits: 16 };
      case TypeCode.Float32: return { kind: 'float', bits: 32 };
      case TypeCode.Float64: return { kind: 'float', bits: 64 };
      case TypeCode.Function: {
        const inputs = this.list(r, () => this.ourType(r));
        const results = this.list(r, () => this.ourType(r));
        return { kind: 'function', inputs, results };
      }
      default: r.fail(`builtin type code ${code} is not used by CGC IR`, at);
    }
  }

  private list<T>(r: ByteReader, item: () => T): T[] {
    const n = r.count('list');
    const out: T[] = [];
    for (let i = 0; i < n; i++) out.push(item());
    return out;
  }

  private builtinAttr(r: ByteReader): ReadAttr {
    const at = r.offset;
    const code = r.varint();
    switch (code) {
      case AttrCode.Array: return arrayAttr(this.list(r, () => this.ourAttr(r)));
      case AttrCode.Dictionary: {
        const entries = new Map<string, Attribute>();
        const n = r.count('dictionary entry', 2);
        for (let i = 0; i < n; i++) {
          const k = this.stringAttr(r);
          entries.set(k, this.ourAttr(r));
        }
        return dictAttr(entries);
      }
      case AttrCode.String: return stringAttr(this.string(r));
      case AttrCode.FlatSymbolRef: return symbolAttr(this.stringAttr(r));
      case AttrCode.Type: return typeAttr(this.ourType(r));
      case AttrCode.Unit: return unitAttr();
      case AttrCode.Integer: {
        const tAt = r.offset;
        const t = this.typeAt(r);
        if (t.kind !== 'int') r.fail('integer attribute without an integer type', tAt);
        if (t.width <= 8) {
          const b = r.byte();
          return t.width === 1 ? boolAttr(b !== 0) : intAttr(t.width === 8 ? (b << 24) >> 24 : b);
        }
        if (t.width > 64) r.fail(`i${t.width} attributes are not supported (at most 64 bits)`, tAt);
        const v = r.signedVarint();
        if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < BigInt(Number.MIN_SAFE_INTEGER)) r.fail(`integer ${v} is outside ±2^53`, at);
        return intAttr(Number(v));
      }
      case AttrCode.Float: {
        const tAt = r.offset;
        const t = this.typeAt(r);
        if (t.kind !== 'float') r.fail('float attribute without a float type', tAt);
        const bits = r.signedVarint();
        const view = new DataView(new ArrayBuffer(8));
        if (t.bits === 64) {
          view.setBigInt64(0, bits);
          return floatAttr(view.getFloat64(0));
        }
        if (t.bits === 32) {
          view.setUint32(0, Number(BigInt.asUintN(32, bits)));
          return floatAttr(view.getFloat32(0));
        }
        return floatAttr(halfToFloat(Number(BigInt.asUintN(16, bits))));
      }
      case AttrCode.FileLineColLoc: {
        const f = this.stringAttr(r);
        return { kind: 'location', loc: { file: f, line: r.varint(), col: r.varint() } };
      }
      case AttrCode.UnknownLoc: return { kind: 'location' };
      case AttrCode.NameLoc: {
        this.stringAttr(r);
        return this.location(r);
      }
      case AttrCode.CallSiteLoc: {
        const callee = this.location(r);
        this.location(r);
        return callee;
      }
      case AttrCode.FusedLoc: case AttrCode.FusedLocWithMetadata: {
        const locs = this.list(r, () => this.location(r));
        if (code === AttrCode.FusedLocWithMetadata) this.attrAt(r);
        return locs.find((l) => l.loc) ?? { kind: 'location' };
      }
      default: r.fail(`builtin attribute code ${code} is not used by CGC IR`, at);
    }
  }

  private location(r: ByteReader): { kind: 'location'; loc?: Location } {
    const at = r.offset;
    const a = this.attrAt(r);
    if (a.kind !== 'location') r.fail('expected a location', at);
    return a;
  }

  // ---- IR ----

  /** Value numbering scopes: an isolated region starts a new scope; others extend their parent's. */
  private scopes: (Value | undefined)[][] = [[]];

  private readIR(r: ByteReader): Operation {
    const [numOps, hasArgs] = r.varintWithFlag();
    if (numOps !== 1 || hasArgs) r.fail('the IR section must hold exactly one top-level operation', r.base);
    const root = this.op(r);
    if (!r.atEnd) r.fail(`${r.buf.length - r.pos} unread bytes after the top-level operation`);
    if (root.name === 'builtin.module') {
      const ops = root.regions[0]?.blocks[0]?.operations ?? [];
      if (ops.length !== 1 || ops[0]!.name !== MODULE) r.fail(`'builtin.module' must hold exactly one '${MODULE}'`, r.base);
      ops[0]!.parent = undefined;
      return ops[0]!;
    }
    if (root.name !== MODULE) r.fail(`the top-level op must be '${MODULE}', found '${root.name}'`, r.base);
    return root;
  }

  private op(r: ByteReader): Operation {
    const at = r.offset;
    if (++this.depth > this.maxNesting) r.fail(limitMessage('maxNesting', this.depth, this.maxNesting, 'operations nested too deeply'), at);
    const nameIdx = r.varint();
    let name = this.opNames[nameIdx] ?? r.fail(`op name index ${nameIdx} out of range`, at);
    name = DIALECT_ALIASES[name] ?? name;
    if (name.startsWith('cgc_op.')) {
      const def = getOpDef(name.slice(7));
      if (def) name = `cgc_op.${def.name}`;
      else if (!this.opaqueOps || !/^cgc_op\.[a-z0-9_]+$/.test(name)) r.fail(`unknown op '${name}'`, at);
    } else if (!STRUCTURAL_OPS.has(name) && name !== 'builtin.module') {
      r.fail(`unknown op '${name}': CGC IR holds only cgc.* and cgc_op.* ops`, at);
    }
    const mask = r.byte();
    if (mask & ~(OpMask.HasAttrs | OpMask.HasResults | OpMask.HasOperands | OpMask.HasSuccessors | OpMask.HasInlineRegions)) {
      r.fail(`op encoding mask 0x${mask.toString(16)} has unknown bits`, r.offset - 1);
    }
    const loc = this.location(r).loc;
    let attrs = new Map<string, Attribute>();
    if (mask & OpMask.HasAttrs) {
      const dAt = r.offset;
      const d = this.ourAttr(r);
      if (d.kind !== 'dict') r.fail(`'${name}' attributes must be a dictionary`, dAt);
      attrs = new Map(d.entries);
    }
    const resultTypes: ShapedType[] = [];
    if (mask & OpMask.HasResults) {
      const n = r.count('result');
      for (let i = 0; i < n; i++) {
        const tAt = r.offset;
        const t = this.ourType(r);
        if (!isShaped(t)) r.fail(`'${name}' result type ${typeToString(t)} is not a tensor or memref`, tAt);
        resultTypes.push(t);
      }
    }
    const operands: Value[] = [];
    if (mask & OpMask.HasOperands) {
      const n = r.count('operand');
      const scope = this.scopes[this.scopes.length - 1]!;
      for (let i = 0; i < n; i++) {
        const vAt = r.offset;
        const id = r.varint();
        operands.push(scope[id] ?? r.fail(`'${name}' operand #${i} refers to value #${id}, which is not defined before it`, vAt));
      }
    }
    if (mask & OpMask.HasSuccessors) r.fail(`'${name}' has successors; CGC regions hold a single block`, at);
    const op = new Operation(name, operands, resultTypes, attrs, loc);
    this.define(r, op.results, at);
    if (mask & OpMask.HasInlineRegions) {
      const [n, isolated] = r.varintWithFlag();
      if (n > r.buf.length - r.pos) r.fail(`region count ${n} exceeds the data left`);
      for (let i = 0; i < n; i++) {
        const region = this.region(r, isolated);
        region.parent = op;
        op.regions.push(region);
      }
    }
    this.depth--;
    return op;
  }

  private pending: { next: number; end: number }[] = [];

  private define(r: ByteReader, values: readonly Value[], at: number): void {
    if (!values.length) return;
    const frame = this.pending[this.pending.length - 1];
    if (!frame || frame.next + values.length > frame.end) r.fail('more values defined than the region declared', at);
    const scope = this.scopes[this.scopes.length - 1]!;
    for (const v of values) scope[frame.next++] = v;
  }

  private region(r: ByteReader, isolated: boolean): Region {
    const region = new Region();
    const numBlocks = r.varint();
    if (numBlocks === 0) return region;
    if (numBlocks !== 1) r.fail(`a region holds exactly one block, found ${numBlocks}`);
    const numValues = r.count('region value', 1);
    if (isolated) this.scopes.push([]);
    const scope = this.scopes[this.scopes.length - 1]!;
    const start = scope.length;
    scope.length = start + numValues;
    this.pending.push({ next: start, end: start + numValues });
    try {
      const block = region.addBlock();
      const [numOps, hasArgs] = r.varintWithFlag();
      if (hasArgs) {
        const n = r.count('block argument', 2);
        const args: Value[] = [];
        for (let i = 0; i < n; i++) {
          const tAt = r.offset;
          const t = this.ourType(r);
          if (!isShaped(t)) r.fail(`block argument type ${typeToString(t)} is not a tensor or memref`, tAt);
          this.location(r);
          args.push(block.addArgument(t));
        }
        this.define(r, args, r.offset);
      }
      if (numOps > r.buf.length - r.pos) r.fail(`op count ${numOps} exceeds the data left`);
      for (let i = 0; i < numOps; i++) block.append(this.op(r));
    } finally {
      this.pending.pop();
      scope.length = start;
      if (isolated) this.scopes.pop();
    }
    return region;
  }
}
