// Loads a model file for CLI commands: CGC IR text (`.mlir`) with its weights file, which is the
// `--weights` file or else a `.safetensors` beside the model with the same base name.
import { existsSync, readFileSync } from 'node:fs';
import { type Diagnostic, type Operation, type ShapedType } from '../ir';
import { parseModuleBytes } from '../ir/parser';
import { constantTypesOf, readSafetensors, SafetensorsError, type Safetensors } from '../compiler/import/safetensors';

export interface LoadedModel {
  module?: Operation;
  weights?: Safetensors;
  diagnostics: Diagnostic[];
}

/** Input size limit for IR text; larger models carry their weights in a separate file. */
export const MAX_TEXT_BYTES = 256 * 1024 * 1024;

export function siblingWeights(file: string): string | undefined {
  const candidate = file.replace(/\.(mlir|cgc)$/, '') + '.safetensors';
  return candidate !== file && existsSync(candidate) ? candidate : undefined;
}

export function loadModel(file: string, weightsFile?: string): LoadedModel {
  const fail = (message: string, f = file): LoadedModel => ({ diagnostics: [{ severity: 'error', message: `${f}: ${message}` }] });
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    return fail(`cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  if (bytes.length > MAX_TEXT_BYTES) return fail(`${bytes.length} bytes exceeds the ${MAX_TEXT_BYTES}-byte limit for IR text`);
  const wf = weightsFile ?? siblingWeights(file);
  let weights: Safetensors | undefined;
  if (wf) {
    try {
      weights = readSafetensors(readFileSync(wf));
    } catch (e) {
      if (e instanceof SafetensorsError) return fail(e.message, wf);
      return fail(`cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, wf);
    }
  }
  const constantTypes: ((name: string) => ShapedType | undefined) | undefined = weights ? constantTypesOf(weights) : undefined;
  const result = parseModuleBytes(bytes, { file, ...(constantTypes ? { constantTypes } : {}) });
  return { ...result, ...(weights ? { weights } : {}) };
}
