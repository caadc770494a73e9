// The verifier: structure (what may nest where), symbols (invokes name existing subgraphs and
// partitions with matching arity and types), SSA dominance, and every cgc_op's own rules.
// It reports every problem it finds, each at the op that breaks the rule.
import { lookupTable } from '../core';
import { DiagnosticList, IRError, type Diagnostic } from './diagnostics';
import { INTERFACE_ATTR, VERSION_ATTR, CGC_VERSION, interfaceName, isGuid, isReadableVersion } from './interfaces';
import type { Block, Operation, Value } from './operation';
import { REGION_ATTR, ctxOf, getOpDef, inferOp, regionOf } from './registry';
import {
  ATTR, CONSTANT, ENTRY_POINT, FUNCTIONAL_DEFINITION, FUNCTION_LIKE, INVOKE, MODULE, PARTITION, PATTERN, PROGRAM,
  RETURN, SUBGRAPH, VIEW_MEMREF,
} from './structural';
import { type FunctionType, type ShapedType, bindsTo, byteSize, elementByteSize, typeToString, typesEqual } from './types';

export function verifyModule(module: Operation): Diagnostic[] {
  const v = new Verifier();
  v.module(module);
  return v.diags.items;
}

/** Which ops a function-like op's body may hold. */
const BODY_OPS: Record<string, (name: string) => boolean> = lookupTable({
  [ENTRY_POINT]: (n) => n.startsWith('cgc_op.') || n === CONSTANT || n === RETURN,
  [FUNCTIONAL_DEFINITION]: (n) => n.startsWith('cgc_op.') || n === CONSTANT || n === RETURN,
  [PARTITION]: (n) => n === INVOKE || n === CONSTANT || n === VIEW_MEMREF || n === RETURN,
  [PROGRAM]: (n) => n === INVOKE || n === CONSTANT || n === VIEW_MEMREF || n === RETURN,
});

/** What an invoke inside each function-like op may call. */
const CALLEE_KIND: Record<string, string> = lookupTable({ [PARTITION]: SUBGRAPH, [PROGRAM]: PARTITION });

class Verifier {
  readonly diags = new DiagnosticList();
  private symbols = new Map<string, Operation>();

  private err(op: Operation, message: string): void {
    this.diags.error(message, op.loc);
  }

  module(module: Operation): void {
    if (module.name !== MODULE) return this.err(module, `the top-level op must be '${MODULE}', found '${module.name}'`);
    this.moduleAttributes(module);
    const body = this.singleBlock(module);
    if (!body) return;
    if (body.arguments.length) this.err(module, `'${MODULE}' body takes no arguments`);
    for (const op of body.operations) {
      if (op.name !== SUBGRAPH && op.name !== PATTERN && !FUNCTION_LIKE.has(op.name)) {
        this.err(op, `'${op.name}' cannot appear directly in '${MODULE}' (it holds entry points, subgraphs, partitions, programs and patterns)`);
      } else if (op.name === FUNCTIONAL_DEFINITION) {
        this.err(op, `'${FUNCTIONAL_DEFINITION}' must be inside a '${SUBGRAPH}'`);
      }
      const sym = op.symbolName;
      if (sym === undefined) continue;
      if (this.symbols.has(sym)) this.err(op, `redefinition of symbol '@${sym}'`);
      else this.symbols.set(sym, op);
    }
    for (const op of body.operations) {
      if (op.name === PATTERN) this.pattern(op);
      else if (op.name === SUBGRAPH) this.subgraph(op);
      else if (FUNCTION_LIKE.has(op.name)) this.functionLike(op);
    }
  }

  private moduleAttributes(module: Operation): void {
    const iface = module.attr(INTERFACE_ATTR);
    if (iface !== undefined) {
      if (iface.kind !== 'string' || !isGuid(iface.value)) this.err(module, `'${INTERFACE_ATTR}' must be a GUID string`);
      else if (!interfaceName(iface.value)) this.err(module, `'${INTERFACE_ATTR}' ${iface.value} is not a CGC interface this build knows`);
    }
    const ver = module.attr(VERSION_ATTR);
    if (ver !== undefined) {
      if (ver.kind !== 'string') this.err(module, `'${VERSION_ATTR}' must be a string "MAJOR.MINOR.PATCH"`);
      else if (!isReadableVersion(ver.value)) {
        this.err(module, `'${VERSION_ATTR}' "${ver.value}" cannot be read by this build (CGC dialects ${CGC_VERSION}: same major version, not newer)`);
      }
    }
  }

  private singleBlock(op: Operation): Block | undefined {
    if (op.regions.length !== 1 || op.regions[0]!.blocks.length !== 1) {
      this.err(op, `'${op.name}' must have one region with one block`);
      return undefined;
    }
    return op.regions[0]!.blocks[0]!;
  }

  /** Structure only; the pattern language's own rules are checked where declarations are read. */
  private pattern(op: Operation): void {
    if (!op.symbolName) this.err(op, `'${PATTERN}' needs a symbol name`);
    if (op.operands.length || op.results.length || op.regions.length) this.err(op, `'${PATTERN}' has no operands, results or regions`);
  }

  private subgraph(op: Operation): void {
    const origin = op.attr(ATTR.origin);
    if (origin?.kind !== 'string' || !origin.value) this.err(op, `'${SUBGRAPH}' @${op.symbolName} needs an 'origin' string naming its target`);
    const body = this.singleBlock(op);
    if (!body) return;
    const defs = body.operations.filter((o) => o.name === FUNCTIONAL_DEFINITION);
    if (defs.length !== 1 || body.operations.length !== 1) {
      this.err(op, `'${SUBGRAPH}' @${op.symbolName} must hold exactly one '${FUNCTIONAL_DEFINITION}'`);
    }
    for (const d of defs) this.functionLike(d);
  }

  private functionType(op: Operation): FunctionType | undefined {
    const a = op.attr(ATTR.functionType);
    return a?.kind === 'type' && a.type.kind === 'function' ? a.type : undefined;
  }

  private functionLike(op: Operation): void {
    const sym = op.attr(ATTR.symName);
    if (sym?.kind !== 'string' || !sym.value) this.err(op, `'${op.name}' needs a symbol name`);
    const vis = op.attr(ATTR.visibility);
    if (vis !== undefined && !(vis.kind === 'string' && ['private', 'public', 'nested'].includes(vis.value))) {
      this.err(op, `'${op.name}' visibility must be "private", "public" or "nested"`);
    }
    const fn = this.functionType(op);
    const block = this.singleBlock(op);
    if (!fn) return this.err(op, `'${op.name}' needs a '${ATTR.functionType}' attribute holding a function type`);
    if (!block) return;
    const argKind = op.name === PARTITION || op.name === PROGRAM ? 'memref' : 'tensor';
    if (fn.inputs.length !== block.arguments.length) {
      this.err(op, `'${op.name}' @${sym?.kind === 'string' ? sym.value : ''} declares ${fn.inputs.length} argument(s) but its body takes ${block.arguments.length}`);
    }
    block.arguments.forEach((a, i) => {
      const declared = fn.inputs[i];
      if (declared && !typesEqual(declared, a.type)) this.err(op, `argument #${i} has type ${typeToString(a.type)} but the signature says ${typeToString(declared)}`);
      if (a.type.kind !== argKind) this.err(op, `'${op.name}' argument #${i} must be a ${argKind}, got ${typeToString(a.type)}`);
    });
    if (argKind === 'memref' && fn.results.length) this.err(op, `'${op.name}' returns nothing: its outputs are bind points among its arguments`);
    for (const r of fn.results) if (r.kind !== 'tensor') this.err(op, `'${op.name}' result type ${typeToString(r)} must be a tensor`);
    this.body(op, block, fn);
  }

  private body(fnOp: Operation, block: Block, fn: FunctionType): void {
    const defined = new Set<Value>(block.arguments);
    // A cgc_op's region (a loop body) is isolated from above: cgc_ops on its arguments, then a return.
    const allowed = BODY_OPS[fnOp.name] ?? ((n: string) => n.startsWith('cgc_op.') || n === RETURN);
    const constants = new Map<string, ShapedType>();
    block.operations.forEach((op, index) => {
      if (!allowed(op.name)) this.err(op, `'${op.name}' cannot appear in '${fnOp.name}'`);
      op.operands.forEach((v, i) => {
        if (!defined.has(v)) {
          const local = v.parentBlock === block;
          this.err(op, `'${op.name}' operand #${i} ${local ? 'is used before it is defined (SSA dominance)' : `is not defined in this '${fnOp.name}'`}`);
        }
      });
      for (const r of op.results) defined.add(r);
      const isLast = index === block.operations.length - 1;
      if (op.name === RETURN) {
        if (!isLast) this.err(op, `'${RETURN}' must be the last op of its block`);
        this.returnOp(op, fnOp, fn);
      } else if (isLast) {
        this.err(op, `'${fnOp.name}' body must end with '${RETURN}'`);
      }
      if (op.name === CONSTANT) this.constant(op, fnOp, constants);
      else if (op.name === INVOKE) this.invoke(op, fnOp);
      else if (op.name === VIEW_MEMREF) this.viewMemref(op);
      else if (op.name.startsWith('cgc_op.')) this.cgcOp(op);
    });
    if (!block.operations.length) this.err(fnOp, `'${fnOp.name}' body must end with '${RETURN}'`);
  }

  private returnOp(op: Operation, fnOp: Operation, fn: FunctionType): void {
    if (op.operands.length !== fn.results.length) {
      return this.err(op, `'${RETURN}' returns ${op.operands.length} value(s) but '${fnOp.name}'${fnOp.symbolName ? ` @${fnOp.symbolName}` : `'s region`} declares ${fn.results.length}`);
    }
    op.operands.forEach((v, i) => {
      const t = fn.results[i]!;
      if (!typesEqual(v.type, t)) this.err(op, `'${RETURN}' operand #${i} has type ${typeToString(v.type)} but the signature declares ${typeToString(t)}`);
    });
  }

  private constant(op: Operation, fnOp: Operation, seen: Map<string, ShapedType>): void {
    const name = op.attr(ATTR.constantName);
    if (name?.kind !== 'string' || !name.value) return this.err(op, `'${CONSTANT}' needs a non-empty name string`);
    if (op.results.length !== 1) return this.err(op, `'${CONSTANT}' has exactly one result`);
    const t = op.results[0]!.type;
    const kind = fnOp.name === PARTITION || fnOp.name === PROGRAM ? 'memref' : 'tensor';
    if (t.kind !== kind || !t.constant) this.err(op, `'${CONSTANT}' "${name.value}" in '${fnOp.name}' must have a constant ${kind} type, got ${typeToString(t)}`);
    const prev = seen.get(name.value);
    if (prev && !bindsTo(prev, t)) this.err(op, `constant "${name.value}" is used with two types: ${typeToString(prev)} and ${typeToString(t)}`);
    seen.set(name.value, t);
  }

  private invoke(op: Operation, fnOp: Operation): void {
    const callee = op.attr(ATTR.callee);
    if (callee?.kind !== 'symbol') return this.err(op, `'${INVOKE}' needs a callee symbol (@name)`);
    if (op.results.length) this.err(op, `'${INVOKE}' has no results: outputs are passed as memrefs`);
    for (const [name, a] of op.attributes) {
      if (name === ATTR.callee) continue;
      if (name !== REGION_ATTR) this.err(op, `'${INVOKE}' takes no attribute '${name}' (it may carry ${REGION_ATTR})`);
      else if (a.kind !== 'array' || !a.elements.length || regionOf(op.attributes).length !== a.elements.length || regionOf(op.attributes).includes('')) {
        this.err(op, `'${INVOKE}' attribute '${REGION_ATTR}' must be a region path: an array of non-empty strings, outermost first`);
      }
    }
    const target = this.symbols.get(callee.name);
    const want = CALLEE_KIND[fnOp.name];
    if (!target) return this.err(op, `'${INVOKE}' of undefined symbol '@${callee.name}'`);
    if (target.name !== want) return this.err(op, `'${INVOKE}' in '${fnOp.name}' must call a '${want}', but '@${callee.name}' is a '${target.name}'`);
    const expected = this.bindPoints(target);
    if (!expected) return;
    if (expected.length !== op.operands.length) {
      return this.err(op, `'${INVOKE}' of '@${callee.name}' passes ${op.operands.length} argument(s); it has ${expected.length} bind point(s)`);
    }
    op.operands.forEach((v, i) => {
      const e = expected[i]!;
      if (v.type.kind !== 'memref') this.err(op, `'${INVOKE}' argument #${i} must be a memref, got ${typeToString(v.type)}`);
      else if (!bindsTo(v.type, e)) this.err(op, `'${INVOKE}' argument #${i} of '@${callee.name}' has type ${typeToString(v.type)}; expected ${typeToString(e)}`);
    });
  }

  /** A subgraph's bind points are its functional definition's inputs then its results; a partition's are its arguments. */
  private bindPoints(target: Operation): ShapedType[] | undefined {
    const fnOp = target.name === SUBGRAPH ? target.regions[0]?.blocks[0]?.operations.find((o) => o.name === FUNCTIONAL_DEFINITION) : target;
    const fn = fnOp && this.functionType(fnOp);
    if (!fn) return undefined;
    const types = target.name === SUBGRAPH ? [...fn.inputs, ...fn.results] : [...fn.inputs];
    return types.filter((t): t is ShapedType => t.kind === 'tensor' || t.kind === 'memref');
  }

  private viewMemref(op: Operation): void {
    const src = op.operands[0];
    const res = op.results[0];
    const off = op.attr(ATTR.offset);
    if (op.operands.length !== 1 || op.results.length !== 1 || !src || !res) return this.err(op, `'${VIEW_MEMREF}' takes one memref and returns one view`);
    if (off?.kind !== 'int' || off.value < 0) return this.err(op, `'${VIEW_MEMREF}' needs a non-negative integer 'offset' (bytes)`);
    if (src.type.kind !== 'memref' || res.type.kind !== 'memref') return this.err(op, `'${VIEW_MEMREF}' views a memref as a memref`);
    if (src.type.constant || res.type.constant) this.err(op, `'${VIEW_MEMREF}' views scratch or argument memory, not constants`);
    const end = off.value + byteSize(res.type);
    if (end > byteSize(src.type)) {
      this.err(op, `'${VIEW_MEMREF}' view [${off.value}, ${end}) runs past the end of its ${byteSize(src.type)}-byte source`);
    }
    const align = elementByteSize(res.type.element);
    if (off.value % align !== 0) this.err(op, `'${VIEW_MEMREF}' offset ${off.value} is not a multiple of the ${align}-byte element size`);
  }

  private cgcOp(op: Operation): void {
    let inferred: ShapedType[];
    try {
      inferred = inferOp(op.opName, op.operands.map((v) => v.type), op.attributes, op.results.length);
    } catch (e) {
      if (!(e instanceof IRError)) throw e;
      for (const line of e.message.split('\n')) this.err(op, line);
      return;
    }
    if (inferred.length !== op.results.length) {
      return this.err(op, `'${op.name}' has ${op.results.length} result(s); its operands and attributes give ${inferred.length}`);
    }
    op.results.forEach((r, i) => {
      if (!typesEqual(r.type, inferred[i]!)) {
        this.err(op, `'${op.name}' result #${i} has type ${typeToString(r.type)}; its operands and attributes give ${typeToString(inferred[i]!)}`);
      }
    });
    this.cgcOpRegions(op);
  }

  /** Each region of a cgc_op against the signature its declaration gives (a loop body's arguments and return). */
  private cgcOpRegions(op: Operation): void {
    const def = getOpDef(op.opName)!;
    const want = def.regions ? def.regions(ctxOf(op)) : [];
    if (op.regions.length !== want.length) return this.err(op, `'${op.name}' has ${op.regions.length} region(s); it takes ${want.length}`);
    want.forEach((fn, r) => {
      const region = op.regions[r]!;
      if (region.blocks.length !== 1) return this.err(op, `'${op.name}' region #${r} must have one block`);
      const block = region.blocks[0]!;
      if (block.arguments.length !== fn.inputs.length) {
        return this.err(op, `'${op.name}' region #${r} takes ${block.arguments.length} argument(s); its operands give ${fn.inputs.length}`);
      }
      block.arguments.forEach((a, i) => {
        if (!typesEqual(a.type, fn.inputs[i]!)) this.err(op, `'${op.name}' region #${r} argument #${i} has type ${typeToString(a.type)}; its operands give ${typeToString(fn.inputs[i]!)}`);
      });
      this.body(op, block, fn);
    });
  }
}
