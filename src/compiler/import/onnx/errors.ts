// The one error the ONNX importer raises: every malformed file, unsupported op or unresolvable
// shape ends here, with a message naming the node, op, opset and rule.
import { CgcError } from '../../../core';

export class OnnxImportError extends CgcError {
  override name = 'OnnxImportError';
  constructor(message: string) {
    super('import', message);
  }
}

/**
 * Largest tensor (in elements) the importer will allocate: 2^28 elements is 1 GiB of float32,
 * past any weight tensor a browser can upload; checked before allocating, so a corrupt `dims`
 * cannot make the importer allocate terabytes.
 */
export const MAX_IMPORT_ELEMENTS = 2 ** 28;

/** Formats any thrown value as a message. */
export function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
