// The target flags of commands that compile: `--target FILE` (repeatable) loads a target file
// (docs/targets.md), `--targets a,b,c` picks and orders among every known target by name.
import { readFileSync } from 'node:fs';
import type { Target } from '../ir';
import { TargetRegistryError, chooseTargets, knownTargets } from '../engine/targets';
import type { GpuProfile } from '../webgpu-target/limits';
import { type ParsedArgs, UsageError, parseFusion } from './args';

export const TARGET_FLAGS: Readonly<Record<string, boolean>> = { target: true, targets: true, fusion: true };
export const TARGETS_USAGE = '[--target FILE.json …] [--targets NAME,NAME…] [--fusion on|off]';

/** The targets the flags ask for: target files' first, then the defaults, or those `--targets` names in its order. */
export function targetsFromFlags(args: ParsedArgs, profile?: GpuProfile): Target[] {
  const files = (args.repeated.get('target') ?? []).map((fileName) => {
    try {
      return { fileName, text: readFileSync(fileName, 'utf8') };
    } catch (e) {
      throw new UsageError(`cannot read target file ${fileName}: ${(e as Error).message}`);
    }
  });
  const names = args.flags.get('targets')?.split(',').map((n) => n.trim());
  try {
    return chooseTargets(knownTargets(profile, { fusion: parseFusion(args.flags.get('fusion')), files }), names);
  } catch (e) {
    if (e instanceof TargetRegistryError) throw new UsageError(e.message);
    throw e;
  }
}
