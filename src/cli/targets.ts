// The target flags of commands that compile: `--target FILE` (repeatable) loads a target file
// (docs/targets.md), `--targets a,b,c` picks and orders among every known target by name, `--fusion
// off` drops the fused `webgpu` target. A file's problems and an unknown name fail the compile.
import { readFileSync } from 'node:fs';
import type { TargetFileSource } from '../engine/targets';
import { ON_OFF, SPLIT_K_MODES, type SplitK, validateDisabledPatterns, validateFusion, validateSizeUniforms, validateSplitK } from '../core';
import { WEBGPU_PATTERN_NAMES } from '../webgpu-target/declarations';
import { OPT_IN_PATTERNS } from '../engine/targets';
import { type ParsedArgs, UsageError } from './args';

export const TARGET_FLAGS: Readonly<Record<string, boolean>> = { target: true, targets: true, fusion: true, 'disable-patterns': true, 'enable-patterns': true, 'split-k': true, 'size-uniforms': true };
/** `--disable-patterns NAME,…`: the fused target without those patterns (one fusion's A/B); `--split-k thin|eager|off`: where GEMMs split K. */
export const DISABLE_PATTERNS_USAGE = `[--disable-patterns NAME,…] [--enable-patterns ${OPT_IN_PATTERNS.join(',')}] [--split-k ${SPLIT_K_MODES.join('|')}] [--size-uniforms ${ON_OFF.join('|')}]`;
export const TARGETS_USAGE = `[--target FILE.json …] [--targets NAME,NAME…] [--fusion ${ON_OFF.join('|')}] ${DISABLE_PATTERNS_USAGE}`;

/** The patterns `--disable-patterns` names, checked against the fused target's. */
export function disabledPatternsFromFlag(value: string | undefined): string[] {
  return validateDisabledPatterns(value, WEBGPU_PATTERN_NAMES, '--disable-patterns');
}

/** The opt-in patterns `--enable-patterns` names, checked against the fused target's. */
export function enabledPatternsFromFlag(value: string | undefined): string[] {
  return validateDisabledPatterns(value, [...OPT_IN_PATTERNS], '--enable-patterns');
}

/** What the target flags ask of a compile (engine ModelCompileOptions): target files read, names, fusion. */
export interface TargetFlagOptions {
  readonly fusion: boolean;
  readonly disabledPatterns: readonly string[];
  readonly enabledPatterns: readonly string[];
  readonly splitK: SplitK;
  readonly sizeUniforms: boolean;
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
  return { fusion: validateFusion(args.flags.get('fusion'), '--fusion'), disabledPatterns: disabledPatternsFromFlag(args.flags.get('disable-patterns')), enabledPatterns: enabledPatternsFromFlag(args.flags.get('enable-patterns')), splitK: validateSplitK(args.flags.get('split-k'), '--split-k'), sizeUniforms: validateSizeUniforms(args.flags.get('size-uniforms'), '--size-uniforms'), targetFiles, ...(names ? { targets: names } : {}) };
}
