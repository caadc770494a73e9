// The base class of every refusal the code base raises on purpose: bad input, a passed limit, an
// unsupported op, a cancelled compile. Anything thrown that is not a CgcError is a bug.

/** What was refused, in one word (the CLI and the app phrase and route errors by it). */
export type ErrorKind =
  | 'usage' // a bad command line or option value
  | 'parse' // IR text or bytecode that does not read
  | 'verify' // IR that reads but breaks an op's or the module's rules
  | 'import' // an ONNX or safetensors file that cannot be imported
  | 'source' // a model source (file, library entry, share link) that cannot be opened
  | 'limit' // a resource limit was passed
  | 'declaration' // a target's declaration document is malformed
  | 'compile' // the compiler refused the module
  | 'unsupported' // a target or the reference does not implement what was asked
  | 'cancelled' // the caller stopped the work
  | 'runtime' // running a compiled program was refused
  | 'device' // the GPU device or the worker running the work failed
;

/** Where in an input the problem is; every field optional (a byte stream has no lines). */
export interface ErrorPosition {
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
}

export class CgcError extends Error {
  override name = 'CgcError';
  constructor(readonly kind: ErrorKind, message: string, readonly position?: ErrorPosition) {
    super(message);
  }
}

/** `file:line:column: message`, with as much of the position as is known. */
export function formatCgcError(e: CgcError): string {
  const p = e.position;
  const where = p ? [p.file, p.line, p.line !== undefined ? p.column : undefined].filter((x) => x !== undefined).join(':') : '';
  return where ? `${where}: ${e.message}` : e.message;
}
