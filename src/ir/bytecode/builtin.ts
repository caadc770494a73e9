// Codes of MLIR 16's builtin dialect bytecode encoding (BuiltinDialectBytecode): the attributes and
// types CGC IR uses are written with them, as upstream does; cgc types use the textual fallback.

export const AttrCode = {
  Array: 0, Dictionary: 1, String: 2, StringWithType: 3, FlatSymbolRef: 4, SymbolRef: 5, Type: 6, Unit: 7,
  Integer: 8, Float: 9, CallSiteLoc: 10, FileLineColLoc: 11, FusedLoc: 12, FusedLocWithMetadata: 13, NameLoc: 14,
  UnknownLoc: 15, DenseResourceElements: 16, DenseArray: 17, DenseIntOrFPElements: 18,
} as const;

export const TypeCode = {
  Integer: 0, Index: 1, Function: 2, BFloat16: 3, Float16: 4, Float32: 5, Float64: 6,
} as const;

/** IntegerType's varint: (width << 2) | signedness (0 signless, 1 signed, 2 unsigned). */
export const intTypeCode = (width: number, signedness = 0): number => width * 4 + signedness;
