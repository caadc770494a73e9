// Pretty syntax of the cgc dialect's structural ops, in the spec's form:
//   cgc.module attributes {…} { … }
//   cgc.entry_point @main(%in: T) -> T { … }        (also functional_definition, partition, program)
//   cgc.subgraph @name attributes {origin = "…"} { … }     cgc_pattern.pattern @name attributes {…}
//   %w = cgc.constant("w1") [: T]     cgc.return %a [: T]     cgc.invoke @f(%a, %b) [: (T, T) -> ()]
//   %v = cgc.view_memref %scratch[0] : T to T
import { type Attribute, stringAttr, symbolAttr, typeAttr, intAttr } from './attributes';
import { Operation, type Value } from './operation';
import type { Parser } from './parser';
import {
  ATTR, CONSTANT, FUNCTION_LIKE, INVOKE, MODULE, PARTITION, PATTERN, PROGRAM, RETURN, SUBGRAPH, VIEW_MEMREF,
} from './structural';
import { type ShapedType, functionType, isShaped, typeToString } from './types';

export function parseStructuralOp(p: Parser, name: string, resultCount?: number): Operation {
  p.next(); // the op name
  if (FUNCTION_LIKE.has(name)) return parseFunctionLike(p, name);
  switch (name) {
    case MODULE: return parseContainer(p, name, false);
    case SUBGRAPH: return parseContainer(p, name, true);
    case PATTERN: return parseSymbolWithAttributes(p, name);
    case CONSTANT: return parseConstant(p);
    case RETURN: return parseReturn(p);
    case INVOKE: return parseInvoke(p);
    case VIEW_MEMREF: return parseViewMemref(p, resultCount);
    default: throw p.error(`'${name}' has no pretty form; write it in the generic form`);
  }
}

function optionalAttributes(p: Parser): Map<string, Attribute> {
  return p.accept('bare', 'attributes') ? p.parseAttrDict() : new Map();
}

function withRegion(p: Parser, op: Operation, args?: Parameters<Parser['parseRegion']>[0]): Operation {
  const prev = p.enclosingFunction;
  p.enclosingFunction = op.name;
  const region = p.parseRegion(args);
  p.enclosingFunction = prev;
  region.parent = op;
  op.regions.push(region);
  return op;
}

/** `cgc.module [attributes {…}] { … }` and `cgc.subgraph @name [attributes {…}] { … }`. */
function parseContainer(p: Parser, name: string, named: boolean): Operation {
  let symbol: string | undefined;
  if (named) symbol = p.expect('symbol', `the subgraph's name (@name)`).text;
  const attrs = optionalAttributes(p);
  if (symbol !== undefined) {
    if (attrs.has(ATTR.symName)) throw p.error(`'${ATTR.symName}' is given by the @name`);
    attrs.set(ATTR.symName, stringAttr(symbol));
  }
  return withRegion(p, new Operation(name, [], [], reorder(attrs, ATTR.symName)));
}

/** `cgc_pattern.pattern @name attributes {…}`: a symbol that is all attributes. */
function parseSymbolWithAttributes(p: Parser, name: string): Operation {
  const symbol = p.expect('symbol', 'the symbol name (@name)').text;
  const attrs = optionalAttributes(p);
  if (attrs.has(ATTR.symName)) throw p.error(`'${ATTR.symName}' is given by the @name`);
  attrs.set(ATTR.symName, stringAttr(symbol));
  return new Operation(name, [], [], reorder(attrs, ATTR.symName));
}

/** `cgc.X [private] @name(%a: T, …) [-> R | (R, …)] [attributes {…}] { … }` */
function parseFunctionLike(p: Parser, name: string): Operation {
  const vis = p.peek();
  const visibility = vis.kind === 'bare' && ['private', 'public', 'nested'].includes(vis.text) ? p.next().text : undefined;
  const symbol = p.expect('symbol', 'the symbol name (@name)').text;
  p.expect('(', "'(' and the argument list");
  const args = p.commaList(')', () => {
    const t = p.expect('value', 'an argument (%name: type)');
    if (t.text.includes('#')) throw p.error('an argument name cannot contain \'#\'', t.pos);
    p.expect(':', `':' and the type of '%${t.text}'`);
    return { name: t.text, type: p.parseValueType(), pos: t.pos };
  });
  let results: ShapedType[] = [];
  if (p.accept('->')) {
    const pos = p.lex.offset;
    results = p.parseResultTypes().map((t) => {
      if (!isShaped(t)) throw p.error(`result type ${typeToString(t)} is not a tensor or memref`, pos);
      return t;
    });
  }
  const attrs = optionalAttributes(p);
  for (const k of [ATTR.symName, ATTR.functionType, ATTR.visibility]) {
    if (attrs.has(k)) throw p.error(`'${k}' is given by the signature, not by 'attributes'`);
  }
  attrs.set(ATTR.symName, stringAttr(symbol));
  attrs.set(ATTR.functionType, typeAttr(functionType(args.map((a) => a.type), results)));
  if (visibility) attrs.set(ATTR.visibility, stringAttr(visibility));
  return withRegion(p, new Operation(name, [], [], reorder(attrs, ATTR.symName, ATTR.functionType, ATTR.visibility)), args);
}

/** Puts the signature's attributes first so the printed `attributes {…}` keeps the user's order. */
function reorder(attrs: Map<string, Attribute>, ...first: string[]): Map<string, Attribute> {
  const out = new Map<string, Attribute>();
  for (const k of first) if (attrs.has(k)) out.set(k, attrs.get(k)!);
  for (const [k, v] of attrs) if (!out.has(k)) out.set(k, v);
  return out;
}

/** `cgc.constant("w1") [: T]`; without a type, the weights file's type for the name is used. */
function parseConstant(p: Parser): Operation {
  p.expect('(', `'(' and the constant's name`);
  const nameTok = p.expect('string', 'the constant\'s name as a string');
  p.expect(')');
  let type: ShapedType | undefined;
  if (p.accept(':')) {
    type = p.parseValueType();
  } else {
    const known = p.options.constantTypes?.(nameTok.text);
    if (!known) {
      throw p.error(`type of constant "${nameTok.text}" is unknown: write it after the op `
        + `(': !cgc.tensor<constant …>') or give the weights file that holds "${nameTok.text}"`, nameTok.pos);
    }
    const inProgram = p.enclosingFunction === PROGRAM || p.enclosingFunction === PARTITION;
    type = { kind: inProgram ? 'memref' : 'tensor', shape: [...known.shape], element: known.element, constant: true };
  }
  return new Operation(CONSTANT, [], [type], new Map([[ATTR.constantName, stringAttr(nameTok.text)]]));
}

function parseOperandList(p: Parser, stopAtValue: boolean): Value[] {
  const operands: Value[] = [];
  if (stopAtValue && !p.is('value')) return operands;
  do operands.push(p.parseValueUse()); while (p.accept(','));
  return operands;
}

/** `cgc.return [%a, …] [: T, …]` */
function parseReturn(p: Parser): Operation {
  const operands = parseOperandList(p, true);
  if (operands.length && p.is(':')) {
    const pos = p.next().pos;
    const types = [p.parseValueType()];
    while (p.accept(',')) types.push(p.parseValueType());
    p.checkOperandTypes(RETURN, operands, types, pos);
  }
  return new Operation(RETURN, operands, []);
}

/** `cgc.invoke @callee(%a, …) [{cgc.region = […]}] [: (T, …) -> ()]` */
function parseInvoke(p: Parser): Operation {
  const callee = p.expect('symbol', 'the invoked symbol (@name)').text;
  p.expect('(', "'(' and the invocation's arguments");
  const operands = p.commaList(')', () => p.parseValueUse());
  const attrs = p.is('{') ? p.parseAttrDict() : new Map<string, Attribute>();
  if (attrs.has(ATTR.callee)) throw p.error(`'${INVOKE}' names its callee before its arguments, not in its attributes`);
  if (p.accept(':')) {
    const pos = p.lex.offset;
    const sig = p.parseType();
    if (sig.kind !== 'function' || sig.results.length) throw p.error("expected '(argument types) -> ()' after ':'", pos);
    p.checkOperandTypes(INVOKE, operands, sig.inputs, pos);
  }
  return new Operation(INVOKE, operands, [], new Map([[ATTR.callee, symbolAttr(callee)], ...attrs]));
}

/** `%v = cgc.view_memref %src[offset] : SrcT to T` — a view at a byte offset into `%src`. */
function parseViewMemref(p: Parser, resultCount?: number): Operation {
  if (resultCount !== 1) throw p.error(`'${VIEW_MEMREF}' has one result: write '%view = ${VIEW_MEMREF} …'`);
  const source = p.parseValueUse();
  p.expect('[', "'[' and the byte offset");
  const off = p.expect('int', 'a byte offset');
  const offset = Number(off.text);
  if (!Number.isSafeInteger(offset) || offset < 0) throw p.error(`byte offset ${off.text} must be a non-negative integer`, off.pos);
  p.expect(']');
  p.expect(':', "':' and the view's types (: source type to view type)");
  const pos = p.lex.offset;
  const first = p.parseValueType();
  let result = first;
  if (p.accept('bare', 'to')) {
    p.checkOperandTypes(VIEW_MEMREF, [source], [first], pos);
    result = p.parseValueType();
  }
  return new Operation(VIEW_MEMREF, [source], [result], new Map([[ATTR.offset, intAttr(offset)]]));
}
