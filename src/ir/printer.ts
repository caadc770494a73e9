// Printer for CGC IR in both forms: pretty (the spec's syntax, types always printed) and MLIR's
// generic form (attributes sorted as MLIR's DictionaryAttr keeps them), which upstream mlir-opt reads.
import { type Attribute, formatAttribute, formatDict } from './attributes';
import type { Block, Operation, Value } from './operation';
import {
  ATTR, CONSTANT, FUNCTION_LIKE, INVOKE, MODULE, PATTERN, RETURN, SUBGRAPH, VIEW_MEMREF,
} from './structural';
import { type Type, typeToString } from './types';

export type PrintForm = 'pretty' | 'generic';

export interface PrintOptions {
  form?: PrintForm;
  /**
   * Strings longer than this many characters print as their first line and a count of what is
   * left out, as MLIR's `--mlir-elide-elementsattrs-if-larger` does for data: a view for people
   * (the kernels' WGSL a target recorded on its subgraphs), which no longer parses back to the same module.
   */
  elide?: number;
}

export function printModule(module: Operation, options: PrintOptions = {}): string {
  const printer = new Printer(options.form ?? 'pretty', options.elide);
  printer.op(module, 0);
  return printer.lines.join('\n') + '\n';
}

const NAME = /^[A-Za-z_][A-Za-z0-9_$.-]*$/;

/** SSA names for one function-like op's body: the source's names where valid and unique, else numbers. */
class Namer {
  private names = new Map<Value, string>();
  private used = new Set<string>();
  private counter = 0;

  private fresh(hint?: string): string {
    if (hint !== undefined && (NAME.test(hint) || /^[0-9]+$/.test(hint)) && !this.used.has(hint)) {
      this.used.add(hint);
      return hint;
    }
    while (this.used.has(String(this.counter))) this.counter++;
    const n = String(this.counter++);
    this.used.add(n);
    return n;
  }

  define(v: Value): string {
    const n = this.fresh(v.nameHint);
    this.names.set(v, `%${n}`);
    return `%${n}`;
  }

  /** Names an op's results: `%a`, `%a, %b` (distinct names) or `%x:2` (one name, uses `%x#i`). */
  defineResults(op: Operation): string {
    const rs = op.results;
    if (rs.length === 1) return this.define(rs[0]!);
    const hints = new Set(rs.map((r) => r.nameHint));
    if (hints.size === rs.length && rs.every((r) => r.nameHint !== undefined)) {
      return rs.map((r) => this.define(r)).join(', ');
    }
    const base = this.fresh(rs[0]!.nameHint);
    rs.forEach((r, i) => this.names.set(r, `%${base}#${i}`));
    return `%${base}:${rs.length}`;
  }

  use(v: Value): string {
    // A value from outside the printed tree (invalid IR) still prints, visibly.
    return this.names.get(v) ?? '%<<unknown>>';
  }
}

class Printer {
  readonly lines: string[] = [];
  private namer = new Namer();

  constructor(private readonly form: PrintForm, private readonly elide?: number) {}

  op(op: Operation, indent: number): void {
    const saved = this.namer;
    if (FUNCTION_LIKE.has(op.name)) this.namer = new Namer();
    if (this.form === 'generic') this.generic(op, indent);
    else this.pretty(op, indent);
    this.namer = saved;
  }

  private emit(indent: number, text: string): void {
    this.lines.push('  '.repeat(indent) + text);
  }

  private uses(values: readonly Value[]): string {
    return values.map((v) => this.namer.use(v)).join(', ');
  }

  private types(values: readonly { type: Type }[]): string {
    return values.map((v) => typeToString(v.type)).join(', ');
  }

  private results(op: Operation): string {
    return op.results.length ? `${this.namer.defineResults(op)} = ` : '';
  }

  private block(block: Block, indent: number): void {
    for (const o of block.operations) this.op(o, indent);
  }

  // ---- generic form ----

  private generic(op: Operation, indent: number): void {
    const head = `${this.results(op)}"${op.name}"(${this.uses(op.operands)})`;
    const sig = `(${this.types(op.operands)}) -> ${resultTypes(op.results.map((r) => r.type))}`;
    const attrs = op.attributes.size ? ` ${formatDict(op.attributes, [...op.attributes.keys()].sort(), this.elide)}` : '';
    if (!op.regions.length) {
      this.emit(indent, `${head}${attrs} : ${sig}`);
      return;
    }
    op.regions.forEach((region, i) => {
      const block = region.blocks[0]!;
      this.emit(indent, `${i === 0 ? `${head} (` : '}, '}{`);
      if (block.arguments.length) {
        const args = block.arguments.map((a) => `${this.namer.define(a)}: ${typeToString(a.type)}`).join(', ');
        this.emit(indent, `^bb0(${args}):`);
      }
      this.block(block, indent + 1);
    });
    this.emit(indent, `})${attrs} : ${sig}`);
  }

  // ---- pretty form ----

  private pretty(op: Operation, indent: number): void {
    if (FUNCTION_LIKE.has(op.name)) return this.prettyFunction(op, indent);
    switch (op.name) {
      case PATTERN: {
        const rest = without(op.attributes, ATTR.symName);
        const attrs = rest.size ? ` attributes ${formatDict(rest, [...rest.keys()], this.elide)}` : '';
        this.emit(indent, `${op.name} ${formatAttribute({ kind: 'symbol', name: op.symbolName ?? '' })}${attrs}`);
        return;
      }
      case MODULE:
      case SUBGRAPH: {
        const sym = op.symbolName;
        const rest = without(op.attributes, ATTR.symName);
        const attrs = rest.size ? ` attributes ${formatDict(rest, [...rest.keys()], this.elide)}` : '';
        this.emit(indent, `${op.name}${sym !== undefined ? ` ${formatAttribute({ kind: 'symbol', name: sym })}` : ''}${attrs} {`);
        op.regions[0]!.blocks[0]!.operations.forEach((o, i) => {
          if (i > 0 && o.regions.length) this.lines.push('');
          this.op(o, indent + 1);
        });
        this.emit(indent, '}');
        return;
      }
      case CONSTANT: {
        const name = op.attr(ATTR.constantName);
        this.emit(indent, `${this.results(op)}${CONSTANT}(${name ? formatAttribute(name) : '""'}) : ${this.types(op.results)}`);
        return;
      }
      case RETURN:
        this.emit(indent, op.operands.length ? `${RETURN} ${this.uses(op.operands)} : ${this.types(op.operands)}` : RETURN);
        return;
      case INVOKE: {
        const callee = op.attr(ATTR.callee);
        const rest = without(op.attributes, ATTR.callee);
        const attrs = rest.size ? ` ${formatDict(rest, [...rest.keys()], this.elide)}` : '';
        this.emit(indent, `${INVOKE} ${callee ? formatAttribute(callee) : '@""'}(${this.uses(op.operands)})${attrs} : (${this.types(op.operands)}) -> ()`);
        return;
      }
      case VIEW_MEMREF: {
        const off = op.attr(ATTR.offset);
        this.emit(indent, `${this.results(op)}${VIEW_MEMREF} ${this.uses(op.operands)}[${off ? formatAttribute(off) : 0}]`
          + ` : ${this.types(op.operands)} to ${this.types(op.results)}`);
        return;
      }
      default: {
        if (!op.name.startsWith('cgc_op.') || op.regions.length) return this.generic(op, indent);
        const attrs = op.attributes.size ? ` ${formatDict(op.attributes, [...op.attributes.keys()], this.elide)}` : '';
        this.emit(indent, `${this.results(op)}${op.name}(${this.uses(op.operands)})${attrs}`
          + ` : (${this.types(op.operands)}) -> ${resultTypes(op.results.map((r) => r.type))}`);
      }
    }
  }

  private prettyFunction(op: Operation, indent: number): void {
    const fnAttr = op.attr(ATTR.functionType);
    const fn = fnAttr?.kind === 'type' && fnAttr.type.kind === 'function' ? fnAttr.type : undefined;
    const vis = op.attr(ATTR.visibility);
    const block = op.regions[0]?.blocks[0];
    const args = (block?.arguments ?? []).map((a) => `${this.namer.define(a)}: ${typeToString(a.type)}`).join(', ');
    const results = fn && fn.results.length ? ` -> ${resultTypes(fn.results)}` : '';
    const rest = without(op.attributes, ATTR.symName, ATTR.functionType, ATTR.visibility);
    const attrs = rest.size ? ` attributes ${formatDict(rest, [...rest.keys()], this.elide)}` : '';
    const symbol = formatAttribute({ kind: 'symbol', name: op.symbolName ?? '' });
    const visibility = vis?.kind === 'string' ? `${vis.value} ` : '';
    if (!fn) {
      // Not a well-formed function-like op (the verifier says why): print it generically.
      return this.generic(op, indent);
    }
    this.emit(indent, `${op.name} ${visibility}${symbol}(${args})${results}${attrs} {`);
    if (block) this.block(block, indent + 1);
    this.emit(indent, '}');
  }
}

function resultTypes(types: readonly Type[]): string {
  return types.length === 1 && types[0]!.kind !== 'function' ? typeToString(types[0]!) : `(${types.map(typeToString).join(', ')})`;
}

function without(attrs: ReadonlyMap<string, Attribute>, ...keys: string[]): Map<string, Attribute> {
  const out = new Map(attrs);
  for (const k of keys) out.delete(k);
  return out;
}

