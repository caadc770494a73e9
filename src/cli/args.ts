// Minimal argv parsing for the `cgc` CLI: positionals plus `--flag value` / `--flag=value` / `-o value`,
// and the resource-limit flags every command that reads a model takes.
import { CgcError, ownValue } from '../core';
import { LIMITS, type LimitName, type ResourceLimits } from '../ir/limits';

export interface ParsedArgs {
  positionals: string[];
  /** Each flag's value (the last, where it is given more than once). */
  flags: Map<string, string>;
  /** Each flag's values in order, for flags that may be repeated (`--target A --target B`). */
  repeated: Map<string, string[]>;
}

export class UsageError extends CgcError {
  override name = 'UsageError';
  constructor(message: string) {
    super('usage', message);
  }
}

/** `known` maps every accepted flag (long form, without dashes) to whether it takes a value. */
export function parseArgs(argv: readonly string[], known: Readonly<Record<string, boolean>>, short: Readonly<Record<string, string>> = {}): ParsedArgs {
  const positionals: string[] = [];
  const flags = new Map<string, string>();
  const repeated = new Map<string, string[]>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!a.startsWith('-') || a === '-') {
      positionals.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const name = a.startsWith('--') ? a.slice(2, eq < 0 ? undefined : eq) : ownValue(short, a.slice(1)) ?? a;
    if (!a.startsWith('--') && !Object.hasOwn(short, a.slice(1))) throw new UsageError(`unknown option '${a}'`);
    if (!Object.hasOwn(known, name)) throw new UsageError(`unknown option '--${name}' (options: ${Object.keys(known).map((k) => `--${k}`).join(', ')})`);
    if (known[name]) {
      const value = eq >= 0 && a.startsWith('--') ? a.slice(eq + 1) : argv[++i];
      if (value === undefined) throw new UsageError(`option '--${name}' needs a value`);
      flags.set(name, value);
      repeated.set(name, [...(repeated.get(name) ?? []), value]);
    } else {
      if (eq >= 0 && a.startsWith('--')) throw new UsageError(`option '--${name}' takes no value`);
      flags.set(name, 'true');
    }
  }
  return { positionals, flags, repeated };
}

/** `--shape input=1x3x224x224[,other=1x10]`: shapes for ONNX inputs with dynamic dimensions. */
export function parseShapes(value: string | undefined): Record<string, number[]> | undefined {
  if (value === undefined) return undefined;
  // No prototype: a graph input may be named `__proto__`.
  const out = Object.create(null) as Record<string, number[]>;
  for (const part of value.split(',')) {
    const eq = part.lastIndexOf('=');
    const dims = part.slice(eq + 1).split('x').map(Number);
    if (eq < 1 || !dims.every((d) => Number.isInteger(d) && d >= 0)) throw new UsageError(`--shape expects NAME=DxDx…, got '${part}'`);
    out[part.slice(0, eq)] = dims;
  }
  return out;
}

/** The resource-limit flags (`--max-ops N`, …), each taking a value, from the one table in src/ir/limits.ts. */
export const LIMIT_FLAGS: Readonly<Record<string, boolean>> = Object.fromEntries(Object.values(LIMITS).map((l) => [l.flag.slice(2), true]));

export const LIMITS_USAGE = Object.values(LIMITS).map((l) => `[${l.flag} N]`).join(' ');

/** The limits given as flags, in the library's units (MiB → bytes, seconds → ms). */
export function limitsFromFlags(flags: ReadonlyMap<string, string>): Partial<ResourceLimits> {
  const out: Partial<Record<LimitName, number>> = {};
  for (const [name, l] of Object.entries(LIMITS) as [LimitName, (typeof LIMITS)[LimitName]][]) {
    const v = flags.get(l.flag.slice(2));
    if (v === undefined) continue;
    const n = Number(v);
    if (!(n > 0) || !Number.isFinite(n)) throw new UsageError(`${l.flag} must be a positive number; got '${v}'`);
    out[name] = Math.round(n * l.scale);
  }
  return out;
}
