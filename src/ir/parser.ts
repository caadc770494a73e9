// Parser for CGC IR text. One grammar accepts both printed forms: an op spelled as a string
// ("cgc_op.add") is MLIR's generic form, an op spelled bare (cgc_op.add) is the pretty form.
// Structural ops' pretty syntax lives in parser-structural.ts.
import {
  type Attribute, arrayAttr, boolAttr, dictAttr, floatAttr, intAttr, stringAttr, symbolAttr, typeAttr, unitAttr,
} from './attributes';
import { type Diagnostic, IRError, type Location } from './diagnostics';
import { Lexer, type Token, type TokenKind } from './lexer';
import { type Block, Operation, Region, type Value } from './operation';
import { parseStructuralOp } from './parser-structural';
import { getOpDef, inferOp } from './registry';
import { describe, f32FromBits, firstInvalidUtf8, toDiagnostic, unknownOpMessage } from './parser-support';
import { DIALECT_ALIASES, MODULE, STRUCTURAL_OPS } from './structural';

export { describe };
import {
  ELEMENT_TYPES, type ElementType, type FunctionType, type ShapedType, type Type, checkShape, isElementType, isShaped, typeToString,
  typesEqual,
} from './types';
import { verifyModule } from './verifier';
import { DEFAULT_LIMITS, type ResourceLimits, checkModuleLimits, limitMessage, resolveLimits } from './limits';

export interface ParseOptions {
  /** Shown in diagnostics. */
  file?: string;
  /** Types of named constants (from a weights file), for `cgc.constant("w")` written without a type. */
  constantTypes?: (name: string) => ShapedType | undefined;
  /** Run the verifier after parsing (default true). */
  verify?: boolean;
  /** Resource limits (DEFAULT_LIMITS where not given): nesting while parsing; size, op count, tensor elements and constant bytes after. */
  limits?: Partial<ResourceLimits>;
}

export interface ParseResult {
  /** The `cgc.module` op; absent when there were errors. */
  module?: Operation;
  diagnostics: Diagnostic[];
}

export function parseModule(text: string, options: ParseOptions = {}): ParseResult {
  const limits = resolveLimits(options.limits);
  const file = options.file ?? '<input>';
  if (text.length > limits.maxFileBytes) {
    return { diagnostics: [{ severity: 'error', message: limitMessage('maxFileBytes', text.length, limits.maxFileBytes, `${file} holds ${text.length} characters`), loc: { file, line: 1, col: 1 } }] };
  }
  const parser = new Parser(text, options, limits.maxNesting);
  let module: Operation;
  try {
    module = parser.parseTopLevel();
  } catch (e) {
    return { diagnostics: [toDiagnostic(e)] };
  }
  const overLimit = checkModuleLimits(module, limits);
  if (overLimit) return { diagnostics: [overLimit] };
  if (options.verify === false) return { module, diagnostics: [] };
  const diagnostics = verifyModule(module);
  return diagnostics.some((d) => d.severity === 'error') ? { diagnostics } : { module, diagnostics };
}

/** Decodes UTF-8 bytes and parses; invalid UTF-8 is a diagnostic naming the byte offset. */
export function parseModuleBytes(bytes: Uint8Array, options: ParseOptions = {}): ParseResult {
  try {
    return parseModule(new TextDecoder('utf-8', { fatal: true }).decode(bytes), options);
  } catch {
    const offset = firstInvalidUtf8(bytes);
    const file = options.file ?? '<input>';
    return { diagnostics: [{ severity: 'error', message: `input is not valid UTF-8 (byte offset ${offset})`, loc: { file, line: 1, col: 1 } }] };
  }
}

/** Values visible in one region: name → the values it names (several for `%x:2`). */
type Scope = Map<string, Value[]>;

export class Parser {
  readonly lex: Lexer;
  private scopes: Scope[] = [];
  private depth = 0;
  /** The innermost function-like op being parsed (decides tensor vs memref for constants). */
  enclosingFunction?: string;

  constructor(text: string, readonly options: ParseOptions, private readonly maxNesting = DEFAULT_LIMITS.maxNesting) {
    this.lex = new Lexer(text, options.file ?? '<input>');
  }

  // ---- token helpers ----

  peek(): Token { return this.lex.peek(); }
  next(): Token { return this.lex.next(); }
  loc(pos = this.lex.offset): Location { return this.lex.location(pos); }
  error(message: string, pos = this.lex.offset): IRError { return this.lex.error(message, pos); }

  is(kind: TokenKind, text?: string): boolean {
    const t = this.peek();
    return t.kind === kind && (text === undefined || t.text === text);
  }

  accept(kind: TokenKind, text?: string): Token | undefined {
    return this.is(kind, text) ? this.next() : undefined;
  }

  expect(kind: TokenKind, what?: string): Token {
    const t = this.peek();
    if (t.kind !== kind) throw this.error(`expected ${what ?? `'${kind}'`}, found ${describe(t)}`, t.pos);
    return this.next();
  }

  expectKeyword(word: string): void {
    const t = this.peek();
    if (t.kind !== 'bare' || t.text !== word) throw this.error(`expected '${word}', found ${describe(t)}`, t.pos);
    this.next();
  }

  /** Runs `f` one nesting level deeper, failing cleanly past the nesting limit. */
  nested<T>(f: () => T): T {
    if (++this.depth > this.maxNesting) throw this.error(limitMessage('maxNesting', this.depth, this.maxNesting, 'input nested too deeply'));
    try {
      return f();
    } finally {
      this.depth--;
    }
  }

  /** Parses `a, b, c` (possibly empty) up to `close`, consuming `close`. */
  commaList<T>(close: TokenKind, item: () => T): T[] {
    const items: T[] = [];
    if (this.accept(close)) return items;
    do items.push(item()); while (this.accept(','));
    this.expect(close, `',' or '${close}'`);
    return items;
  }

  // ---- values ----

  define(name: string, values: Value[], pos: number): void {
    const scope = this.scopes[this.scopes.length - 1]!;
    if (this.lookupGroup(name)) throw this.error(`redefinition of SSA value '%${name}'`, pos);
    values.forEach((v) => { v.nameHint ??= name; });
    scope.set(name, values);
  }

  private lookupGroup(name: string): Value[] | undefined {
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const g = this.scopes[i]!.get(name);
      if (g) return g;
    }
    return undefined;
  }

  /** Parses a use `%x` or `%x#1`. Uses must follow definitions (single-block regions, SSA dominance). */
  parseValueUse(): Value {
    const t = this.expect('value', 'an SSA value (%name)');
    const hash = t.text.indexOf('#');
    const name = hash < 0 ? t.text : t.text.slice(0, hash);
    const group = this.lookupGroup(name);
    if (!group) throw this.error(`use of undefined value '%${name}' (values must be defined before they are used)`, t.pos);
    if (hash < 0) {
      if (group.length !== 1) throw this.error(`'%${name}' names ${group.length} results: use '%${name}#0' … '%${name}#${group.length - 1}'`, t.pos);
      return group[0]!;
    }
    const index = Number(t.text.slice(hash + 1));
    const v = group[index];
    if (!v) throw this.error(`'%${name}' has ${group.length} result(s); '#${index}' is out of range`, t.pos);
    return v;
  }

  // ---- types ----

  parseType(): Type {
    return this.nested(() => {
      const t = this.peek();
      if (t.kind === '(') return this.parseFunctionType();
      const isTypeToken = t.kind === 'type' || (t.kind === 'bare' && t.text.startsWith('cgc.'));
      if (!isTypeToken) throw this.error(`expected a type, found ${describe(t)}`, t.pos);
      this.next();
      const name = t.text;
      if (name === 'cgc.tensor' || name === 'cgc.memref') return this.parseShapedBody(name === 'cgc.tensor' ? 'tensor' : 'memref');
      if (name.startsWith('cgc.') && isElementType(name.slice(4))) return { kind: 'element', element: name.slice(4) as ElementType };
      throw this.error(`unknown type '!${name}': CGC types are !cgc.tensor<…>, !cgc.memref<…> and the element types `
        + ELEMENT_TYPES.map((e) => `!cgc.${e}`).join(', '), t.pos);
    });
  }

  private parseShapedBody(kind: 'tensor' | 'memref'): ShapedType {
    const open = this.expect('<', `'<' after !cgc.${kind}`);
    const constant = this.lex.scanKeyword('constant');
    const dims = this.lex.scanDimensions();
    const el = this.parseType();
    if (el.kind !== 'element') throw this.error(`the element type of !cgc.${kind} must be an element type, got ${typeToString(el)}`);
    this.expect('>', `'>' to close !cgc.${kind}<`);
    const problem = checkShape(dims);
    if (problem) throw this.error(`invalid shape: ${problem}`, open.pos);
    return { kind, shape: dims, element: el.element, constant };
  }

  private parseFunctionType(): FunctionType {
    this.expect('(');
    const inputs = this.commaList(')', () => this.parseType());
    this.expect('->', "'->' in a function type");
    return { kind: 'function', inputs, results: this.parseResultTypes() };
  }

  /** `T` or `(T, …)`. */
  parseResultTypes(): Type[] {
    if (this.accept('(')) return this.commaList(')', () => this.parseType());
    return [this.parseType()];
  }

  parseValueType(): ShapedType {
    const pos = this.lex.offset;
    const t = this.parseType();
    if (!isShaped(t)) throw this.error(`expected a tensor or memref type, got ${typeToString(t)}`, pos);
    return t;
  }

  // ---- attributes ----

  parseAttribute(): Attribute {
    return this.nested(() => {
      const t = this.peek();
      switch (t.kind) {
        case 'int': case 'float': return this.parseNumber();
        case 'string': this.next(); return stringAttr(t.text);
        case 'symbol': this.next(); return symbolAttr(t.text);
        case '[': this.next(); return arrayAttr(this.commaList(']', () => this.parseAttribute()));
        case '{': return dictAttr(this.parseAttrDict());
        case 'type': case '(': return typeAttr(this.parseType());
        case 'bare':
          if (t.text === 'true' || t.text === 'false') { this.next(); return boolAttr(t.text === 'true'); }
          if (t.text === 'unit') { this.next(); return unitAttr(); }
          if (t.text.startsWith('cgc.')) return typeAttr(this.parseType());
          break;
        default:
          break;
      }
      throw this.error(`expected an attribute value, found ${describe(t)}`, t.pos);
    });
  }

  private parseNumber(): Attribute {
    const t = this.next();
    let asFloat = t.kind === 'float';
    if (this.accept(':')) {
      const ty = this.expect('bare', 'an integer or float type (i64, f64, …)');
      if (/^f(16|32|64)$/.test(ty.text) || ty.text === 'bf16') asFloat = true;
      else if (!/^(i|si|ui)(1|8|16|32|64)$/.test(ty.text) && ty.text !== 'index') {
        throw this.error(`unsupported attribute type '${ty.text}'`, ty.pos);
      }
    }
    const hex = /^-?0[xX]/.test(t.text);
    if (asFloat && hex) {
      const digits = t.text.replace(/^-?0[xX]/, '');
      if (digits.length > 16) throw this.error('hex float literal has more than 64 bits', t.pos);
      const view = new DataView(new ArrayBuffer(8));
      view.setBigUint64(0, BigInt(`0x${digits}`));
      return floatAttr(digits.length <= 8 ? f32FromBits(Number(BigInt(`0x${digits}`))) : view.getFloat64(0));
    }
    const value = hex ? Number(BigInt(t.text.replace('-', '')) * (t.text.startsWith('-') ? -1n : 1n)) : Number(t.text);
    if (asFloat) return floatAttr(value);
    if (!Number.isSafeInteger(value)) throw this.error(`integer ${t.text} is outside ±2^53: CGC integer attributes must be exact in a double`, t.pos);
    return intAttr(value);
  }

  /** `{name = value, flag, "quoted.name" = value}`; duplicates are an error. */
  parseAttrDict(): Map<string, Attribute> {
    const entries = new Map<string, Attribute>();
    this.expect('{');
    this.nested(() => this.commaList('}', () => {
      const k = this.peek();
      if (k.kind !== 'bare' && k.kind !== 'string') throw this.error(`expected an attribute name, found ${describe(k)}`, k.pos);
      this.next();
      if (entries.has(k.text)) throw this.error(`duplicate attribute '${k.text}'`, k.pos);
      entries.set(k.text, this.accept('=') ? this.parseAttribute() : unitAttr());
    }));
    return entries;
  }

  // ---- operations, blocks, regions ----

  parseTopLevel(): Operation {
    this.scopes.push(new Map());
    const op = this.parseOperation();
    if (!this.is('eof')) throw this.error(`expected end of input after '${MODULE}', found ${describe(this.peek())}`);
    // What upstream mlir-opt prints: the cgc.module wrapped in an implicit builtin.module.
    if (op.name === 'builtin.module') {
      const ops = op.regions[0]?.blocks[0]?.operations ?? [];
      if (ops.length !== 1 || ops[0]!.name !== MODULE) throw this.error(`'builtin.module' must hold exactly one '${MODULE}'`, 0);
      const inner = ops[0]!;
      inner.parent = undefined;
      return inner;
    }
    if (op.name !== MODULE) throw new IRError(`the top-level op must be '${MODULE}', found '${op.name}'`, op.loc);
    return op;
  }

  /** Parses one op into `block` (when given) and returns it. */
  parseOperation(block?: Block): Operation {
    const start = this.lex.offset;
    const results = this.parseResultNames();
    const t = this.peek();
    let op: Operation;
    if (t.kind === 'string') {
      op = this.parseGenericOp(results.count);
    } else if (t.kind === 'bare') {
      const name = DIALECT_ALIASES[t.text] ?? t.text;
      if (name.startsWith('cgc_op.')) op = this.parsePrettyCgcOp(results.count);
      else if (STRUCTURAL_OPS.has(name)) op = parseStructuralOp(this, name, results.count);
      else throw this.error(unknownOpMessage(t.text), t.pos);
    } else {
      throw this.error(`expected an operation, found ${describe(t)}`, t.pos);
    }
    op.loc = this.loc(start);
    if (results.count !== undefined && results.count !== op.results.length) {
      throw this.error(`'${op.name}' has ${op.results.length} result(s) but ${results.count} name(s) were given`, start);
    }
    results.bind(op.results);
    if (block) block.append(op);
    return op;
  }

  /** `%a, %b =` or `%a:2 =`; returns how many results were named and a binder. */
  private parseResultNames(): { count?: number; bind: (vs: Value[]) => void } {
    if (!this.is('value')) return { bind: () => {} };
    const names: { name: string; count: number; pos: number }[] = [];
    do {
      const t = this.expect('value', 'a result name');
      if (t.text.includes('#')) throw this.error(`a result name cannot contain '#'`, t.pos);
      let count = 1;
      if (this.accept(':')) {
        const n = this.expect('int', 'a result count');
        count = Number(n.text);
        if (!Number.isSafeInteger(count) || count < 1 || count > 4096) throw this.error(`bad result count ${n.text}`, n.pos);
      }
      names.push({ name: t.text, count, pos: t.pos });
    } while (this.accept(','));
    this.expect('=', "'=' after result names");
    const total = names.reduce((s, n) => s + n.count, 0);
    return {
      count: total,
      bind: (vs) => {
        let i = 0;
        for (const n of names) {
          this.define(n.name, vs.slice(i, i + n.count), n.pos);
          i += n.count;
        }
      },
    };
  }

  /** `"dialect.op"(%a, …) ({region}, …) {attrs} : (T, …) -> (T, …)` */
  private parseGenericOp(resultCount?: number): Operation {
    const nameTok = this.next();
    let name = DIALECT_ALIASES[nameTok.text] ?? nameTok.text;
    if (name.startsWith('cgc_op.')) {
      const def = getOpDef(name.slice(7));
      if (!def) throw this.error(unknownOpMessage(name), nameTok.pos);
      name = `cgc_op.${def.name}`;
    } else if (!STRUCTURAL_OPS.has(name) && name !== 'builtin.module') {
      throw this.error(unknownOpMessage(name), nameTok.pos);
    }
    this.expect('(', "'(' after the op name");
    const operands = this.commaList(')', () => this.parseValueUse());
    const regions: Region[] = [];
    if (this.accept('(')) {
      const prev = this.enclosingFunction;
      this.enclosingFunction = name;
      do regions.push(this.parseRegion()); while (this.accept(','));
      this.enclosingFunction = prev;
      this.expect(')', "')' after the op's regions");
    }
    const attrs = this.is('{') ? this.parseAttrDict() : new Map<string, Attribute>();
    this.expect(':', "':' and the op's function type");
    const sigPos = this.lex.offset;
    const sig = this.parseType();
    if (sig.kind !== 'function') throw this.error(`expected the op's function type '(operand types) -> (result types)'`, sigPos);
    this.checkOperandTypes(name, operands, sig.inputs, sigPos);
    const resultTypes = sig.results.map((t) => {
      if (!isShaped(t)) throw this.error(`result type ${typeToString(t)} is not a tensor or memref`, sigPos);
      return t;
    });
    if (resultCount !== undefined && resultCount !== resultTypes.length) {
      throw this.error(`'${name}' names ${resultCount} result(s) but its type has ${resultTypes.length}`, sigPos);
    }
    this.skipLocation();
    const op = new Operation(name, operands, resultTypes, attrs);
    for (const r of regions) {
      r.parent = op;
      op.regions.push(r);
    }
    return op;
  }

  /** Checks that the types written in a signature are the types the operands have. */
  checkOperandTypes(name: string, operands: readonly Value[], types: readonly Type[], pos: number): void {
    if (types.length !== operands.length) {
      throw this.error(`'${name}' has ${operands.length} operand(s) but its type lists ${types.length}`, pos);
    }
    types.forEach((t, i) => {
      if (!typesEqual(t, operands[i]!.type)) {
        throw this.error(`'${name}' operand #${i} has type ${typeToString(operands[i]!.type)}, but the signature says ${typeToString(t)}`, pos);
      }
    });
  }

  /** MLIR may append `loc(…)`; locations are not kept. */
  private skipLocation(): void {
    if (!this.is('bare', 'loc')) return;
    this.next();
    this.expect('(');
    let depth = 1;
    while (depth > 0) {
      const t = this.next();
      if (t.kind === 'eof') throw this.error("unterminated 'loc('");
      if (t.kind === '(') depth++;
      else if (t.kind === ')') depth--;
    }
  }

  /**
   * `{ [^bb0(%a: T, …):] op* }` — a region holds exactly one block. `args` are the entry block's
   * arguments when the pretty signature already named them.
   */
  parseRegion(args?: readonly { name: string; type: ShapedType; pos: number }[]): Region {
    return this.nested(() => {
      const region = new Region();
      const block = region.addBlock();
      this.expect('{', "'{' to open a region");
      this.scopes.push(new Map());
      try {
        for (const a of args ?? []) this.define(a.name, [block.addArgument(a.type)], a.pos);
        if (this.is('block')) {
          const label = this.next();
          if (args) throw this.error('this op names its arguments in its signature; its body has no block label', label.pos);
          if (this.accept('(')) {
            this.commaList(')', () => {
              const t = this.expect('value', 'a block argument');
              this.expect(':', "':' and the argument's type");
              this.define(t.text, [block.addArgument(this.parseValueType())], t.pos);
            });
          }
          this.expect(':', "':' after the block label");
        }
        while (!this.is('}')) {
          if (this.is('block')) throw this.error('a region holds exactly one block');
          if (this.is('eof')) throw this.error("expected '}' to close the region, found end of input");
          this.parseOperation(block);
        }
        this.next();
      } finally {
        this.scopes.pop();
      }
      return region;
    });
  }

  /** `cgc_op.name(%a, …) {attrs} [: (T, …) -> R]`; without the signature, result types are inferred. */
  private parsePrettyCgcOp(resultCount?: number): Operation {
    const nameTok = this.next();
    const def = getOpDef(nameTok.text.slice(7));
    if (!def) throw this.error(unknownOpMessage(nameTok.text), nameTok.pos);
    const name = `cgc_op.${def.name}`;
    this.expect('(', `'(' and the operands of '${name}'`);
    const operands = this.commaList(')', () => this.parseValueUse());
    const attrs = this.is('{') ? this.parseAttrDict() : new Map<string, Attribute>();
    let resultTypes: ShapedType[];
    if (this.accept(':')) {
      const sigPos = this.lex.offset;
      const sig = this.parseType();
      if (sig.kind !== 'function') throw this.error(`expected '(operand types) -> result types' after ':'`, sigPos);
      this.checkOperandTypes(name, operands, sig.inputs, sigPos);
      resultTypes = sig.results.map((t) => {
        if (!isShaped(t)) throw this.error(`result type ${typeToString(t)} is not a tensor`, sigPos);
        return t;
      });
    } else {
      try {
        resultTypes = inferOp(def.name, operands.map((v) => v.type), attrs, resultCount);
      } catch (e) {
        if (e instanceof IRError) throw this.error(e.message.split('\n').join('; '), nameTok.pos);
        throw e;
      }
    }
    return new Operation(name, operands, resultTypes, attrs);
  }
}
