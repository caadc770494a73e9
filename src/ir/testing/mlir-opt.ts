// Runs Debian's mlir-opt 16 (upstream MLIR) for round-trip tests; MLIR_OPT overrides its path.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const MLIR_OPT = process.env.MLIR_OPT ?? '/usr/lib/llvm-16/bin/mlir-opt';
export const mlirOptPresent = existsSync(MLIR_OPT);

export function mlirOpt(input: string, ...flags: string[]): string {
  return execFileSync(MLIR_OPT, ['--allow-unregistered-dialect', ...flags, '-'], { input, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });
}
