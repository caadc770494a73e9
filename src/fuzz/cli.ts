// `npm run fuzz -- [--minutes N] [--inputs N] [--target T[,T…]] [--seed S] [--hang-ms MS]`: fuzzes each
// target in turn in a worker thread and prints, per target, inputs tried, crashes, hangs and the
// slowest input; findings go to tests/fuzz-findings/<target>/ (replayed by src/fuzz/fuzz.test.ts).
import { parseArgs, UsageError } from '../cli/args';
import { FINDINGS_DIR } from './corpus';
import { DEFAULT_HANG_MS, type FuzzReport, fuzz } from './supervisor';
import { TARGETS, targetNamed } from './targets';

export const FUZZ_USAGE = 'npm run fuzz -- [--minutes N (per target, default 1)] [--inputs N (per target)] '
  + `[--target ${TARGETS.map((t) => t.name).join('|')}[,…]] [--seed S (default 1)] [--hang-ms MS (default ${DEFAULT_HANG_MS}, or the target's own: ${TARGETS.filter((t) => t.hangMs).map((t) => `${t.name} ${t.hangMs}`).join(', ')})]`;


function positive(flags: Map<string, string>, name: string, fallback?: number): number | undefined {
  const v = flags.get(name);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!(n > 0) || !Number.isFinite(n)) throw new UsageError(`--${name} must be a positive number; got '${v}'`);
  return n;
}

export function reportLine(r: FuzzReport): string {
  return `${r.target.padEnd(13)} ${String(r.inputs).padStart(9)} inputs  ${String(r.accepted).padStart(8)} accepted  ${String(r.rejected).padStart(8)} rejected  `
    + `${r.crashes} crashes  ${r.hangs} hangs  slowest ${r.slowestMs.toFixed(1)} ms (#${r.slowestIndex})  ${(r.wallMs / 1000).toFixed(1)} s`;
}

/**
 * A target's counters as lines: plain counts first; `group:key` counters (`op:add`, `op:add@webgpu`,
 * `verifier rejected:gather`) one line per group, largest first, an op's targets beside its count.
 */
export function statsLines(stats: Readonly<Record<string, number>>): string[] {
  const plain = Object.entries(stats).filter(([k]) => !k.includes(':') || k.startsWith('rejected: '));
  const lines = plain.filter(([k]) => !k.startsWith('rejected: ')).map(([k, v]) => `${k}: ${v}`);
  for (const [k, v] of plain.filter(([k]) => k.startsWith('rejected: ')).sort((a, b) => b[1] - a[1])) lines.push(`${k} (${v})`);
  const groups = new Map<string, Map<string, number>>();
  for (const [k, v] of Object.entries(stats)) {
    const at = k.indexOf(':');
    if (at < 0 || k.startsWith('rejected: ')) continue;
    const g = groups.get(k.slice(0, at)) ?? new Map<string, number>();
    groups.set(k.slice(0, at), g.set(k.slice(at + 1), v));
  }
  for (const [group, entries] of groups) {
    const plain = [...entries].filter(([k]) => !k.includes('@'));
    const top = (plain.length ? plain : [...entries]).sort((a, b) => b[1] - a[1]);
    const where = (key: string) => (plain.length ? [...entries] : []).filter(([k]) => k.startsWith(`${key}@`)).map(([k, v]) => `${k.slice(key.length + 1)} ${v}`);
    lines.push(`${group} (${top.length}): ${top.map(([k, v]) => `${k} ${v}${where(k).length ? ` [${where(k).join(', ')}]` : ''}`).join(', ')}`);
  }
  return lines;
}

async function main(argv: readonly string[]): Promise<number> {
  const { positionals, flags } = parseArgs(argv, { minutes: true, inputs: true, target: true, seed: true, 'hang-ms': true, help: false });
  if (flags.has('help')) {
    console.log(`usage: ${FUZZ_USAGE}`);
    return 0;
  }
  if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}'\nusage: ${FUZZ_USAGE}`);
  const targets = (flags.get('target')?.split(',') ?? TARGETS.map((t) => t.name)).map((n) => {
    try {
      return targetNamed(n).name;
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
  });
  const seed = Number(flags.get('seed') ?? 1);
  if (!Number.isInteger(seed)) throw new UsageError(`--seed must be an integer; got '${flags.get('seed')}'`);
  const minutes = positive(flags, 'minutes', flags.has('inputs') ? 24 * 60 : 1)!;
  const maxInputs = positive(flags, 'inputs');
  const hangMs = positive(flags, 'hang-ms');
  console.log(`fuzzing ${targets.join(', ')} (seed ${seed}, ${minutes} min${maxInputs ? ` or ${maxInputs} inputs` : ''} per target, `
    + `hang = one input over ${hangMs ? `${hangMs} ms` : `the target's limit (default ${DEFAULT_HANG_MS} ms)`})`);
  const reports: FuzzReport[] = [];
  for (const target of targets) {
    let last = 0;
    const r = await fuzz({
      target, seed, budgetMs: minutes * 60_000, ...(hangMs ? { hangMs } : {}), findingsDir: FINDINGS_DIR, ...(maxInputs ? { maxInputs } : {}),
      onProgress: (p) => {
        if (!process.stdout.isTTY || Date.now() - last < 1000) return;
        last = Date.now();
        process.stdout.write(`\r${target}: ${p.inputs} inputs, ${p.crashes} crashes, ${p.hangs} hangs…`);
      },
    });
    if (process.stdout.isTTY) process.stdout.write('\r\x1b[K');
    console.log(reportLine(r));
    for (const line of statsLines(r.stats)) console.log(`  ${line}`);
    for (const f of r.findings) console.log(`  ${f.kind} at input #${f.index}: ${f.message.split('\n')[0]}\n    → ${f.file}`);
    reports.push(r);
  }
  const bad = reports.reduce((n, r) => n + r.crashes + r.hangs, 0);
  console.log(`total: ${reports.reduce((n, r) => n + r.inputs, 0)} inputs, ${reports.reduce((n, r) => n + r.crashes, 0)} crashes, ${reports.reduce((n, r) => n + r.hangs, 0)} hangs`);
  return bad ? 1 : 0;
}

main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (e) => {
  console.error(e instanceof UsageError ? `fuzz: ${e.message}` : e);
  process.exitCode = e instanceof UsageError ? 2 : 70;
});
