// MLIR bytecode writer (version 0, as MLIR 16 writes it). Builtin attributes and types use the
// builtin dialect's binary encoding; cgc types are written in their textual fallback form, which
// upstream reads as opaque types of the unregistered `cgc` dialect.
import type { Attribute } from '../attributes';
import type { Block, Operation, Region, Value } from '../operation';
import { type Type, typeToString } from '../types';
import { AttrCode, TypeCode, intTypeCode } from './builtin';
import { BYTECODE_VERSION, ByteWriter, MAGIC, OpMask, ResourceKind, Section } from './encoding';

export interface BytecodeWriteOptions {
  producer?: string;
  /** Named blobs (constant data) for the resource section, grouped under `cgc_constants`. */
  resources?: ReadonlyMap<string, Uint8Array>;
}

export const PRODUCER = 'dxcgc-web';
/** The external resource group that carries constants (weights) keyed by constant name. */
export const CONSTANTS_RESOURCE_GROUP = 'cgc_constants';
/** Alignment of constant blobs: enough for any element type and for typed-array views. */
export const BLOB_ALIGNMENT = 16;

interface Entry {
  /** Creation order, used in the dedup keys of arrays and dictionaries. */
  readonly id: number;
  readonly dialect: number;
  readonly custom: boolean;
  readonly encode: (w: ByteWriter) => void;
  index: number;
}

const BUILTIN = 0;
const F64_BITS = new DataView(new ArrayBuffer(8));

export function writeBytecode(module: Operation, options: BytecodeWriteOptions = {}): Uint8Array {
  return new Writer().write(module, options);
}

class Writer {
  private strings = new Map<string, number>();
  private dialects: string[] = ['builtin'];
  private opNames = new Map<string, { dialect: number; names: string[] }>();
  private attrs = new Map<string, Entry>();
  private types = new Map<string, Entry>();
  private valueIds = new Map<Value, number>();
  private regionValueCounts = new Map<Region, number>();

  string(s: string): number {
    let i = this.strings.get(s);
    if (i === undefined) {
      i = this.strings.size;
      this.strings.set(s, i);
    }
    return i;
  }

  private dialect(name: string): number {
    let i = this.dialects.indexOf(name);
    if (i < 0) i = this.dialects.push(name) - 1;
    return i;
  }

  private opName(full: string): string {
    const dot = full.indexOf('.');
    const dialect = full.slice(0, dot);
    const group = this.opNames.get(dialect) ?? { dialect: this.dialect(dialect), names: [] };
    this.opNames.set(dialect, group);
    if (!group.names.includes(full.slice(dot + 1))) group.names.push(full.slice(dot + 1));
    return full;
  }

  private entry(table: Map<string, Entry>, key: string, dialect: number, custom: boolean, encode: (w: ByteWriter) => void): Entry {
    let e = table.get(key);
    if (!e) {
      e = { id: this.attrs.size + this.types.size, dialect, custom, encode, index: -1 };
      table.set(key, e);
    }
    return e;
  }

  // ---- attributes and types ----

  private stringAttr(s: string): Entry {
    const idx = this.string(s);
    return this.entry(this.attrs, `s:${s}`, BUILTIN, true, (w) => { w.varint(AttrCode.String); w.varint(idx); });
  }

  private builtinType(key: string, encode: (w: ByteWriter) => void): Entry {
    return this.entry(this.types, key, BUILTIN, true, encode);
  }

  private intType(width: number): Entry {
    return this.builtinType(`i${width}`, (w) => { w.varint(TypeCode.Integer); w.varint(intTypeCode(width)); });
  }

  type(t: Type): Entry {
    if (t.kind === 'function') {
      const ins = t.inputs.map((x) => this.type(x));
      const outs = t.results.map((x) => this.type(x));
      return this.builtinType(`fn:${typeToString(t)}`, (w) => {
        w.varint(TypeCode.Function);
        w.varint(ins.length);
        for (const e of ins) w.varint(e.index);
        w.varint(outs.length);
        for (const e of outs) w.varint(e.index);
      });
    }
    const text = typeToString(t);
    return this.entry(this.types, `t:${text}`, this.dialect('cgc'), false, (w) => w.cstring(text));
  }

  attr(a: Attribute): Entry {
    switch (a.kind) {
      case 'string': return this.stringAttr(a.value);
      case 'int': {
        const ty = this.intType(64);
        return this.entry(this.attrs, `i:${a.value}`, BUILTIN, true, (w) => { w.varint(AttrCode.Integer); w.varint(ty.index); w.signedVarint(BigInt(a.value)); });
      }
      case 'bool': {
        const ty = this.intType(1);
        return this.entry(this.attrs, `b:${a.value}`, BUILTIN, true, (w) => { w.varint(AttrCode.Integer); w.varint(ty.index); w.byte(a.value ? 1 : 0); });
      }
      case 'float': {
        const ty = this.builtinType('f64', (w) => w.varint(TypeCode.Float64));
        F64_BITS.setFloat64(0, a.value);
        const bits = F64_BITS.getBigInt64(0);
        return this.entry(this.attrs, `f:${bits}`, BUILTIN, true, (w) => { w.varint(AttrCode.Float); w.varint(ty.index); w.signedVarint(bits); });
      }
      case 'unit':
        return this.entry(this.attrs, 'unit', BUILTIN, true, (w) => w.varint(AttrCode.Unit));
      case 'symbol': {
        const root = this.stringAttr(a.name);
        return this.entry(this.attrs, `@:${a.name}`, BUILTIN, true, (w) => { w.varint(AttrCode.FlatSymbolRef); w.varint(root.index); });
      }
      case 'type': {
        const ty = this.type(a.type);
        return this.entry(this.attrs, `T:${typeToString(a.type)}`, BUILTIN, true, (w) => { w.varint(AttrCode.Type); w.varint(ty.index); });
      }
      case 'array': {
        const els = a.elements.map((e) => this.attr(e));
        return this.entry(this.attrs, `[${els.map((e) => e.id).join(',')}]`, BUILTIN, true, (w) => {
          w.varint(AttrCode.Array);
          w.varint(els.length);
          for (const e of els) w.varint(e.index);
        });
      }
      case 'dict':
        return this.dict(a.entries);
    }
  }

  /** MLIR keeps dictionaries sorted by name. */
  dict(entries: ReadonlyMap<string, Attribute>): Entry {
    const pairs = [...entries.keys()].sort().map((k) => [this.stringAttr(k), this.attr(entries.get(k)!)] as const);
    const key = `{${pairs.map(([n, v]) => `${n.id}=${v.id}`).join(',')}}`;
    return this.entry(this.attrs, key, BUILTIN, true, (w) => {
      w.varint(AttrCode.Dictionary);
      w.varint(pairs.length);
      for (const [n, v] of pairs) {
        w.varint(n.index);
        w.varint(v.index);
      }
    });
  }

  private unknownLoc(): Entry {
    return this.entry(this.attrs, 'unknown-loc', BUILTIN, true, (w) => w.varint(AttrCode.UnknownLoc));
  }

  location(op: Operation): Entry {
    if (!op.loc) return this.unknownLoc();
    const { file, line, col } = op.loc;
    const f = this.stringAttr(file);
    return this.entry(this.attrs, `loc:${file}:${line}:${col}`, BUILTIN, true, (w) => {
      w.varint(AttrCode.FileLineColLoc);
      w.varint(f.index);
      w.varint(line);
      w.varint(col);
    });
  }

  // ---- value numbering (MLIR's: nested regions of non-isolated ops continue their parent's numbering) ----

  private number(root: Operation): void {
    let next = 0;
    for (const r of root.results) this.valueIds.set(r, next++);
    const work: [Region, number][] = root.regions.map((r) => [r, next]);
    while (work.length) {
      const [region, start] = work.pop()!;
      let id = start;
      for (const b of region.blocks) {
        for (const a of b.arguments) this.valueIds.set(a, id++);
        for (const op of b.operations) for (const r of op.results) this.valueIds.set(r, id++);
      }
      this.regionValueCounts.set(region, id - start);
      for (const b of region.blocks) for (const op of b.operations) for (const r of op.regions) work.push([r, id]);
    }
  }

  // ---- IR ----

  private collect(op: Operation): void {
    this.opName(op.name);
    this.location(op);
    if (op.attributes.size) this.dict(op.attributes);
    for (const r of op.results) this.type(r.type);
    for (const region of op.regions) {
      for (const b of region.blocks) {
        for (const a of b.arguments) this.type(a.type);
        if (b.arguments.length) this.unknownLoc();
        for (const o of b.operations) this.collect(o);
      }
    }
  }

  private op(w: ByteWriter, op: Operation): void {
    const name = op.name;
    const loc = this.location(op);
    const dict = op.attributes.size ? this.dict(op.attributes) : undefined;
    const results = op.results.map((r) => this.type(r.type));
    let mask = 0;
    if (dict) mask |= OpMask.HasAttrs;
    if (results.length) mask |= OpMask.HasResults;
    if (op.operands.length) mask |= OpMask.HasOperands;
    if (op.regions.length) mask |= OpMask.HasInlineRegions;
    w.varint(this.opIndex(name));
    w.byte(mask);
    w.varint(loc.index);
    if (dict) w.varint(dict.index);
    if (results.length) {
      w.varint(results.length);
      for (const t of results) w.varint(t.index);
    }
    if (op.operands.length) {
      w.varint(op.operands.length);
      for (const v of op.operands) {
        const id = this.valueIds.get(v);
        if (id === undefined) throw new Error(`'${op.name}' uses a value outside the module being written`);
        w.varint(id);
      }
    }
    if (op.regions.length) {
      w.varintWithFlag(op.regions.length, false);
      for (const r of op.regions) this.region(w, r);
    }
  }

  private region(w: ByteWriter, region: Region): void {
    w.varint(region.blocks.length);
    if (!region.blocks.length) return;
    w.varint(this.regionValueCounts.get(region) ?? 0);
    for (const b of region.blocks) this.block(w, b);
  }

  private block(w: ByteWriter, block: Block): void {
    w.varintWithFlag(block.operations.length, block.arguments.length > 0);
    if (block.arguments.length) {
      w.varint(block.arguments.length);
      const unknown = this.unknownLoc();
      for (const a of block.arguments) {
        const t = this.type(a.type);
        w.varint(t.index);
        w.varint(unknown.index);
      }
    }
    for (const op of block.operations) this.op(w, op);
  }

  private opIndex(full: string): number {
    const dot = full.indexOf('.');
    const dialect = full.slice(0, dot);
    let base = 0;
    for (const [d, g] of this.opNames) {
      if (d === dialect) return base + g.names.indexOf(full.slice(dot + 1));
      base += g.names.length;
    }
    throw new Error(`op ${full} was not registered for writing`);
  }

  write(module: Operation, options: BytecodeWriteOptions): Uint8Array {
    this.string('builtin');
    this.number(module);
    // Pass 1 interns every op name, attribute and type; pass 2, after numbering them, writes the IR.
    this.collect(module);

    // Number attributes and types grouped by dialect (the offset section lists groups in order).
    const attrs = [...this.attrs.values()];
    attrs.forEach((e, i) => { e.index = i; });
    const types = [...this.types.values()].sort((a, b) => a.dialect - b.dialect);
    types.forEach((e, i) => { e.index = i; });

    const attrData = new ByteWriter();
    const offsets = new ByteWriter();
    offsets.varint(attrs.length);
    offsets.varint(types.length);
    for (const list of [attrs, types]) {
      for (let i = 0; i < list.length;) {
        let j = i;
        while (j < list.length && list[j]!.dialect === list[i]!.dialect) j++;
        offsets.varint(list[i]!.dialect);
        offsets.varint(j - i);
        for (let k = i; k < j; k++) {
          const before = attrData.length;
          list[k]!.encode(attrData);
          offsets.varintWithFlag(attrData.length - before, list[k]!.custom);
        }
        i = j;
      }
    }

    const dialect = new ByteWriter();
    const dialectNames = this.dialects.map((d) => this.string(d));
    dialect.varint(dialectNames.length);
    for (const s of dialectNames) dialect.varint(s);
    for (const g of this.opNames.values()) {
      dialect.varint(g.dialect);
      dialect.varint(g.names.length);
      for (const n of g.names) dialect.varint(this.string(n));
    }

    const ir = new ByteWriter();
    ir.varintWithFlag(1, false);
    this.op(ir, module);

    const [resourceOffsets, resourceData] = this.resources(options.resources);

    const strings = new ByteWriter();
    const list = [...this.strings.keys()];
    const encoded = list.map((s) => new TextEncoder().encode(s));
    strings.varint(list.length);
    for (let i = encoded.length - 1; i >= 0; i--) strings.varint(encoded[i]!.length + 1);
    for (const e of encoded) {
      strings.bytes(e);
      strings.byte(0);
    }

    const out = new ByteWriter();
    for (const b of MAGIC) out.byte(b);
    out.varint(BYTECODE_VERSION);
    out.cstring(options.producer ?? PRODUCER);
    out.section(Section.Dialect, dialect);
    out.section(Section.AttrTypeOffset, offsets);
    out.section(Section.AttrType, attrData);
    out.section(Section.IR, ir);
    out.section(Section.ResourceOffset, resourceOffsets);
    writeAlignedSection(out, Section.Resource, resourceData, BLOB_ALIGNMENT);
    out.section(Section.String, strings);
    return out.finish();
  }

  /** One external resource group of blobs keyed by constant name. */
  private resources(blobs?: ReadonlyMap<string, Uint8Array>): [ByteWriter, ByteWriter] {
    const offsets = new ByteWriter();
    const data = new ByteWriter();
    if (!blobs || !blobs.size) {
      offsets.varint(0);
      return [offsets, data];
    }
    offsets.varint(1);
    offsets.varint(this.string(CONSTANTS_RESOURCE_GROUP));
    offsets.varint(blobs.size);
    for (const [key, blob] of blobs) {
      const before = data.length;
      // resource_blob { alignment, size, padding to alignment, blob }. Positions are relative to
      // the resource section's data, which itself starts aligned.
      data.varint(BLOB_ALIGNMENT);
      data.varint(blob.length);
      while (data.length % BLOB_ALIGNMENT) data.byte(0xcb);
      data.bytes(blob);
      offsets.varint(this.string(key));
      offsets.varint(data.length - before);
      offsets.byte(ResourceKind.Blob);
    }
    return [offsets, data];
  }
}

/** A section with alignment: id | 0x80, length, alignment, then 0xCB padding up to the alignment. */
function writeAlignedSection(out: ByteWriter, id: number, body: ByteWriter, alignment: number): void {
  if (!body.length) {
    out.section(id, body);
    return;
  }
  out.byte(id | 0x80);
  out.varint(body.length);
  out.varint(alignment);
  while (out.length % alignment) out.byte(0xcb);
  out.bytes(body.finish());
}
