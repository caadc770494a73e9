// The target flags of commands that compile: `--target FILE` (repeatable) loads a target file
// (docs/targets.md), `--targets a,b,c` picks and orders among every known target by name, `--fusion
// off` drops the fused `webgpu` target. A file's problems and an unknown name fail the compile.
import { readFileSync } from 'node:fs';
import type { TargetFileSource } from '../engine/targets';
import { ON_OFF, validateFusion } from '../core';
import { type ParsedArgs, UsageError } from './args';

export const TARGET_FLAGS: Readonly<Record<string, boolean>> = { target: true, targets: true, fusion: true };
export const TARGETS_USAGE = `[--target FILE.json …] [--targets NAME,NAME…] [--fusion ${ON_OFF.join('|')}]`;

/** What the target flags ask of a compile (engine ModelCompileOptions): target files read, names, fusion. */
export interface TargetFlagOptions {
  readonly fusion: boolean;
  readonly targetFiles: readonly TargetFileSource[];
  readonly targets?: readonly string[];
}

export function targetOptionsFromFlags(args: ParsedArgs): TargetFlagOptions {
  const targetFiles = (args.repeated.get('target') ?? []).map((fileName) => {
    try {
      return { fileName, text: readFileSync(fileName, 'utf8') };
    } catch (e) {
      throw new UsageError(`cannot read target file ${fileName}: ${(e as Error).message}`);
    }
  });
  const names = args.flags.get('targets')?.split(',').map((n) => n.trim());
  return { fusion: validateFusion(args.flags.get('fusion'), '--fusion'), targetFiles, ...(names ? { targets: names } : {}) };
}
