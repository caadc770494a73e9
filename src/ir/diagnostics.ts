// Diagnostics in MLIR's style: `file:line:col: error: message`, collected rather than thrown.
import { CgcError } from '../core';

export interface Location {
  readonly file: string;
  readonly line: number;
  readonly col: number;
}

export type Severity = 'error' | 'warning' | 'note';

/** A position in a binary input (MLIR bytecode): the file and the byte offset. */
export interface ByteLocation {
  readonly file: string;
  readonly byte: number;
}

export interface Diagnostic {
  readonly severity: Severity;
  readonly message: string;
  readonly loc?: Location;
  readonly byteLoc?: ByteLocation;
}

export function formatDiagnostic(d: Diagnostic): string {
  const where = d.loc ? `${d.loc.file}:${d.loc.line}:${d.loc.col}: `
    : d.byteLoc ? `${d.byteLoc.file}: byte ${d.byteLoc.byte}: ` : '';
  return `${where}${d.severity}: ${d.message}`;
}

/** Thrown inside the parser and by op inference; always caught and turned into a Diagnostic. */
export class IRError extends CgcError {
  override name = 'IRError';
  constructor(message: string, readonly loc?: Location) {
    super('parse', message, loc && { file: loc.file, line: loc.line, column: loc.col });
  }
}

export class DiagnosticList {
  readonly items: Diagnostic[] = [];
  error(message: string, loc?: Location): void {
    this.items.push({ severity: 'error', message, ...(loc ? { loc } : {}) });
  }
  get hasErrors(): boolean {
    return this.items.some((d) => d.severity === 'error');
  }
  format(): string {
    return this.items.map(formatDiagnostic).join('\n');
  }
}
