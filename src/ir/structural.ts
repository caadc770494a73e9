// The cgc dialect's structural ops (spec: module, entry_point, constant, return, subgraph,
// functional_definition, partition, program, invoke, view_memref) and the attribute names they
// use in MLIR's generic form, shared by the parser, printer and verifier.
import { lookupTable } from '../core';

export const MODULE = 'cgc.module';
export const ENTRY_POINT = 'cgc.entry_point';
export const FUNCTIONAL_DEFINITION = 'cgc.functional_definition';
export const PARTITION = 'cgc.partition';
export const PROGRAM = 'cgc.program';
export const SUBGRAPH = 'cgc.subgraph';
export const CONSTANT = 'cgc.constant';
export const RETURN = 'cgc.return';
export const INVOKE = 'cgc.invoke';
export const VIEW_MEMREF = 'cgc.view_memref';
/** A target's subgraph pattern in a declaration document (docs/patterns.md); its attributes are the pattern. */
export const PATTERN = 'cgc_pattern.pattern';

/** Ops with a signature `@name(%arg: T, …) -> results { body }`; their args are the body's block arguments. */
export const FUNCTION_LIKE: ReadonlySet<string> = new Set([ENTRY_POINT, FUNCTIONAL_DEFINITION, PARTITION, PROGRAM]);

/** Ops that define a symbol (`sym_name`) in their parent's symbol table. */
export const SYMBOL_OPS: ReadonlySet<string> = new Set([...FUNCTION_LIKE, SUBGRAPH, PATTERN]);

export const STRUCTURAL_OPS: ReadonlySet<string> = new Set([
  MODULE, ...FUNCTION_LIKE, SUBGRAPH, CONSTANT, RETURN, INVOKE, VIEW_MEMREF, PATTERN,
]);

/** The spec's output IR example also spells subgraph ops in a `cgc_subgraph` dialect; they are the same ops. */
export const DIALECT_ALIASES: Readonly<Record<string, string>> = lookupTable({
  'cgc_subgraph.subgraph': SUBGRAPH,
  'cgc_subgraph.functional_definition': FUNCTIONAL_DEFINITION,
});

/** Generic-form attribute names (MLIR's conventions for symbols and function-like ops). */
export const ATTR = {
  symName: 'sym_name',
  functionType: 'function_type',
  visibility: 'sym_visibility',
  origin: 'origin',
  /** On cgc.subgraph: its target's configuration from the specialization answer (CONFIGURATION_ATTR), copied unread. */
  configuration: 'configuration',
  constantName: 'name',
  callee: 'callee',
  offset: 'offset',
  /** On cgc.program: how many bind points are inputs, then outputs (the rest are scratch). */
  programInputs: 'inputs',
  programOutputs: 'outputs',
  /**
   * On cgc.entry_point and cgc.program: results sized to an upper bound, as triples [result, count
   * result, axis] — only the first `count` entries along `axis` hold data (docs/dynamic-shapes.md).
   */
  extents: 'extents',
} as const;
