// The placeholder expressions of a target file's kernel templates (docs/targets.md): a small
// arithmetic language over numbers, lists and named objects (a subgraph's tensors and ops), parsed
// into a tree once and evaluated by walking it. No eval, no Function: a file is untrusted input.
import { CgcError, lookupTable } from '../core';

export type Expr =
  | { readonly kind: 'num'; readonly value: number }
  | { readonly kind: 'name'; readonly name: string }
  | { readonly kind: 'member'; readonly object: Expr; readonly name: string }
  | { readonly kind: 'index'; readonly object: Expr; readonly index: Expr }
  | { readonly kind: 'call'; readonly fn: string; readonly args: readonly Expr[] }
  | { readonly kind: 'unary'; readonly op: '-' | '!'; readonly operand: Expr }
  | { readonly kind: 'binary'; readonly op: BinaryOp; readonly left: Expr; readonly right: Expr };

type BinaryOp = '+' | '-' | '*' | '/' | '%' | '==' | '!=' | '<' | '<=' | '>' | '>=' | '&&' | '||';

export const EXPR_LIMITS = {
  /** Characters in one expression. */
  maxLength: 512,
  /** Nesting: parentheses, calls, unary operators, member and index accesses, and each operator of a chain count. */
  maxDepth: 32,
} as const;

/** Functions an expression may call, with their argument counts. */
export const FUNCTIONS: Readonly<Record<string, { min: number; max: number }>> = lookupTable({
  min: { min: 2, max: 8 }, max: { min: 2, max: 8 }, cdiv: { min: 2, max: 2 }, floor: { min: 1, max: 1 },
  ceil: { min: 1, max: 1 }, select: { min: 3, max: 3 }, prod: { min: 1, max: 1 },
});

/** A syntax error (at a column of the expression), or a value the expression cannot compute. */
export class ExprError extends CgcError {
  override name = 'ExprError';
  constructor(message: string) {
    super('declaration', message);
  }
}

/** A named object an expression can reach into with `.name` (a tensor, an op); `print` is its text in WGSL, if it has one. */
export interface ExprObject {
  readonly what: string;
  member(name: string): Value | undefined;
  print?(): string;
}

export type Value = number | readonly number[] | ExprObject;

const TOKEN = /\s*(?:(\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|([A-Za-z_][A-Za-z0-9_]*)|(&&|\|\||==|!=|<=|>=|[-+*/%<>!().,[\]]))/y;

/** Parses an expression; throws ExprError naming the column and what was expected. */
export function parseExpr(text: string): Expr {
  if (text.length > EXPR_LIMITS.maxLength) throw new ExprError(`is ${text.length} characters, past the limit of ${EXPR_LIMITS.maxLength}`);
  const tokens: { text: string; kind: 'num' | 'name' | 'op'; col: number }[] = [];
  const token = new RegExp(TOKEN.source, 'y');
  while (token.lastIndex < text.length) {
    const start = token.lastIndex;
    const m = token.exec(text);
    if (!m) {
      if (/^\s*$/.test(text.slice(start))) break;
      const col = start + (text.slice(start).length - text.slice(start).trimStart().length) + 1;
      throw new ExprError(`column ${col}: unexpected '${text.slice(col - 1, col)}' (allowed: numbers, names, + - * / % == != < <= > >= && || ! ( ) [ ] . ,)`);
    }
    tokens.push({ text: m[0].trim(), kind: m[1] ? 'num' : m[2] ? 'name' : 'op', col: m.index + m[0].length - m[0].trim().length + 1 });
  }
  let pos = 0;
  const peek = () => tokens[pos];
  const fail = (expected: string): never => {
    const t = peek();
    throw new ExprError(t ? `column ${t.col}: expected ${expected}, found '${t.text}'` : `expected ${expected} at the end`);
  };
  const eat = (op: string) => {
    if (peek()?.kind === 'op' && peek()!.text === op) { pos++; return true; }
    return false;
  };
  const deeper = (depth: number) => {
    if (depth > EXPR_LIMITS.maxDepth) throw new ExprError(`nests deeper than ${EXPR_LIMITS.maxDepth} levels`);
    return depth + 1;
  };
  const LEVELS: readonly (readonly BinaryOp[])[] = [['||'], ['&&'], ['==', '!=', '<', '<=', '>', '>='], ['+', '-'], ['*', '/', '%']];
  const binary = (level: number, depth: number): Expr => {
    if (level === LEVELS.length) return unary(depth);
    let left = binary(level + 1, depth);
    for (;;) {
      const t = peek();
      const op = t?.kind === 'op' ? LEVELS[level]!.find((o) => o === t.text) : undefined;
      if (!op) return left;
      pos++;
      depth = deeper(depth);
      left = { kind: 'binary', op, left, right: binary(level + 1, depth) };
    }
  };
  const unary = (depth: number): Expr => {
    if (eat('-')) return { kind: 'unary', op: '-', operand: unary(deeper(depth)) };
    if (eat('!')) return { kind: 'unary', op: '!', operand: unary(deeper(depth)) };
    return postfix(depth);
  };
  const postfix = (depth: number): Expr => {
    let e = primary(depth);
    for (;;) {
      if (eat('.')) {
        const t = peek();
        if (t?.kind !== 'name') fail('a name after \'.\'');
        pos++;
        e = { kind: 'member', object: e, name: t!.text };
      } else if (eat('[')) {
        e = { kind: 'index', object: e, index: binary(0, deeper(depth)) };
        if (!eat(']')) fail("']'");
      } else {
        return e;
      }
      depth = deeper(depth);
    }
  };
  const primary = (depth: number): Expr => {
    const t = peek();
    if (!t) return fail('a value');
    if (t.kind === 'num') { pos++; return { kind: 'num', value: Number(t.text) }; }
    if (t.kind === 'name') {
      pos++;
      if (!eat('(')) return { kind: 'name', name: t.text };
      const fn = FUNCTIONS[t.text];
      if (!fn || !Object.hasOwn(FUNCTIONS, t.text)) throw new ExprError(`column ${t.col}: unknown function '${t.text}' (functions: ${Object.keys(FUNCTIONS).join(', ')})`);
      const args: Expr[] = [];
      if (!eat(')')) {
        do args.push(binary(0, deeper(depth))); while (eat(','));
        if (!eat(')')) fail("',' or ')'");
      }
      if (args.length < fn.min || args.length > fn.max) {
        throw new ExprError(`column ${t.col}: ${t.text}() takes ${fn.min === fn.max ? fn.min : `${fn.min} to ${fn.max}`} arguments, got ${args.length}`);
      }
      return { kind: 'call', fn: t.text, args };
    }
    if (eat('(')) {
      const e = binary(0, deeper(depth));
      if (!eat(')')) fail("')'");
      return e;
    }
    return fail('a value');
  };
  const e = binary(0, 0);
  if (pos < tokens.length) fail('an operator or the end');
  return e;
}

const isObject = (v: Value): v is ExprObject => typeof v === 'object' && !Array.isArray(v);

function describeValue(v: Value): string {
  return typeof v === 'number' ? `the number ${v}` : isObject(v) ? v.what : `a list of ${v.length}`;
}

function num(v: Value, what: string): number {
  if (typeof v !== 'number') throw new ExprError(`${what} needs a number, got ${describeValue(v)}`);
  return v;
}

/** Evaluates `e` with `names` giving the value of each top-level name; throws ExprError with the reason it cannot. */
export function evaluate(e: Expr, names: (name: string) => Value | undefined): Value {
  const ev = (x: Expr): Value => evaluate(x, names);
  switch (e.kind) {
    case 'num': return e.value;
    case 'name': {
      const v = names(e.name);
      if (v === undefined) throw new ExprError(`'${e.name}' names nothing here`);
      return v;
    }
    case 'member': {
      const o = ev(e.object);
      if (!isObject(o)) throw new ExprError(`'.${e.name}' needs an object, got ${describeValue(o)}`);
      const v = o.member(e.name);
      if (v === undefined) throw new ExprError(`${o.what} has no '${e.name}'`);
      return v;
    }
    case 'index': {
      const list = ev(e.object);
      const i = num(ev(e.index), 'an index');
      if (!Array.isArray(list)) throw new ExprError(`'[${i}]' needs a list, got ${describeValue(list)}`);
      if (!Number.isInteger(i) || i < 0 || i >= list.length) throw new ExprError(`index ${i} is outside a list of ${list.length}`);
      return (list as readonly number[])[i]!;
    }
    case 'unary': {
      const v = num(ev(e.operand), `'${e.op}'`);
      return e.op === '-' ? -v : Number(v === 0);
    }
    case 'call': return call(e.fn, e.args.map(ev));
    case 'binary': {
      if (e.op === '&&') return Number(num(ev(e.left), "'&&'") !== 0 && num(ev(e.right), "'&&'") !== 0);
      if (e.op === '||') return Number(num(ev(e.left), "'||'") !== 0 || num(ev(e.right), "'||'") !== 0);
      const a = num(ev(e.left), `'${e.op}'`);
      const b = num(ev(e.right), `'${e.op}'`);
      if ((e.op === '/' || e.op === '%') && b === 0) throw new ExprError(`'${e.op}' by zero`);
      switch (e.op) {
        case '+': return a + b;
        case '-': return a - b;
        case '*': return a * b;
        case '/': return a / b;
        case '%': return a % b;
        case '==': return Number(a === b);
        case '!=': return Number(a !== b);
        case '<': return Number(a < b);
        case '<=': return Number(a <= b);
        case '>': return Number(a > b);
        case '>=': return Number(a >= b);
      }
    }
  }
}

function call(fn: string, args: readonly Value[]): number {
  if (fn === 'prod') {
    const list = args[0]!;
    if (!Array.isArray(list)) throw new ExprError(`prod() needs a list, got ${describeValue(list)}`);
    return (list as readonly number[]).reduce((p, x) => p * x, 1);
  }
  const n = args.map((a) => num(a, `${fn}()`));
  switch (fn) {
    case 'min': return Math.min(...n);
    case 'max': return Math.max(...n);
    case 'floor': return Math.floor(n[0]!);
    case 'ceil': return Math.ceil(n[0]!);
    case 'select': return n[0] !== 0 ? n[1]! : n[2]!;
    case 'cdiv':
      if (n[1] === 0) throw new ExprError('cdiv() by zero');
      return Math.ceil(n[0]! / n[1]!);
    default: throw new ExprError(`unknown function '${fn}'`);
  }
}

/** A value as WGSL text: an integer as decimal digits (within 32 bits), another number as a float literal, an object by its `print`. */
export function printValue(v: Value): string {
  if (isObject(v)) {
    if (!v.print) throw new ExprError(`${v.what} has no WGSL text (take a member of it)`);
    return v.print();
  }
  if (Array.isArray(v)) throw new ExprError(`a list of ${v.length} has no WGSL text (index it)`);
  const x = v as number;
  if (!Number.isFinite(x)) throw new ExprError(`${x} is not a finite number`);
  if (Number.isInteger(x)) {
    if (x < -(2 ** 31) || x >= 2 ** 32) throw new ExprError(`${x} does not fit 32 bits`);
    return String(x);
  }
  const text = String(x);
  return /[.e]/.test(text) ? text : `${text}.0`;
}
