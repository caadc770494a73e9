// Model inputs from `--input` (cgc run, check, bench): `NAME=FILE.bin` (raw little-endian bytes of
// exactly the input's size), `random:SEED`, or unnamed sources in order.
import { type ShapedType, byteSize, resolveLimits } from '../ir';
import { CgcError, type HostTensor, tensorFromBytes } from '../core';
import { readInputFile } from './files';
import { randomTensor } from '../reference/random';
import { UsageError } from './args';

export const INPUT_USAGE = '[--input NAME=FILE.bin|random:SEED[,…]]';

/** Input #index from the raw bytes of `path` (a regular file within the file size limit), which must be exactly its size. */
export function readInputTensor(path: string, type: ShapedType, index: number): HostTensor {
  let bytes: Uint8Array;
  try {
    bytes = readInputFile(path, resolveLimits());
  } catch (e) {
    if (e instanceof CgcError) throw e;
    throw new UsageError(`input #${index}: ${path} cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  if (bytes.length !== byteSize(type)) throw new UsageError(`${path} has ${bytes.length} bytes; input #${index} needs ${byteSize(type)} (${type.shape.join('x')} ${type.element})`);
  return tensorFromBytes({ ...type, kind: 'tensor' }, bytes);
}

/** Input #index from its source: `random:SEED` (seed SEED + index; `random:1` when none is given) or a file. */
export function inputFor(spec: string | undefined, type: ShapedType, index: number): HostTensor {
  if (!spec || spec.startsWith('random')) return randomTensor(type, Number(spec?.split(':')[1] ?? 1) + index);
  return readInputTensor(spec, type, index);
}

/**
 * Input i's source from `--input`: `NAME=SOURCE` (a model's inputs have names; a compiled program's
 * do not), `*=SOURCE` for every input, or unnamed sources in order — one `random:SEED` serves all.
 */
export function inputSpec(flag: string | undefined, argNames: readonly string[], i: number, program: boolean): string | undefined {
  const entries = (flag ?? '').split(',').filter((x) => x);
  const isNamed = (e: string) => /^[^=:/\\]+=/.test(e);
  const named = new Map(entries.filter(isNamed).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)] as const));
  const ordered = entries.filter((e) => !isNamed(e));
  if (program && [...named.keys()].some((k) => k !== '*')) {
    throw new UsageError("a compiled program's inputs have no names: give them in order (--input A.bin,B.bin or random:SEED)");
  }
  const shared = ordered.length === 1 && ordered[0]!.startsWith('random') ? ordered[0] : undefined;
  return (argNames[i] !== undefined ? named.get(argNames[i]) : undefined) ?? ordered[i] ?? shared ?? named.get('*');
}


/** Refuses `--input NAME=…` for a name the model's inputs do not have. */
export function checkInputNames(flag: string | undefined, names: readonly string[], file: string): void {
  for (const entry of (flag ?? '').split(',')) {
    const m = /^([^=:/\\]+)=/.exec(entry);
    if (m && m[1] !== '*' && !names.includes(m[1]!)) throw new UsageError(`--input ${m[1]}: ${file} has no input named '${m[1]}' (its inputs: ${names.map((n) => `'${n}'`).join(', ')})`);
  }
}
