// `cgc onnx-test DIR… [--backend cpu] [--json FILE]`: runs ONNX backend test cases through the
// importer and a backend (today the CPU reference), one line per case and a closing tally.
import { writeFileSync } from 'node:fs';
import { parseArgs, UsageError } from './args';
import { ONNX_TOLERANCE } from './compare-tensors';
import { type CaseResult, countOutcomes, findCases, formatResult, runCase } from './conformance';
import type { CliIO } from './main';

export const ONNX_TEST_USAGE = 'cgc onnx-test DIR… [--backend cpu] [--json FILE]';

/** The one backend until the runtime lands; `check` shares the refusal. */
export function checkBackend(backend: string | undefined): void {
  if (backend === undefined || backend === 'cpu') return;
  if (backend === 'webgpu') throw new UsageError('--backend webgpu is not available yet: the WebGPU backend arrives with the runtime (src/runtime); use --backend cpu');
  throw new UsageError(`unknown backend '${backend}' (backends: cpu)`);
}

export function onnxTestCommand(argv: readonly string[], io: CliIO): number {
  const { positionals, flags } = parseArgs(argv, { backend: true, json: true });
  if (!positionals.length) throw new UsageError(`expected one or more test folders\nusage: ${ONNX_TEST_USAGE}`);
  checkBackend(flags.get('backend'));
  let cases;
  try {
    cases = findCases(positionals);
  } catch (e) {
    io.stderr(`error: ${(e as Error).message}`);
    return 1;
  }
  const results: CaseResult[] = [];
  for (const c of cases) {
    const r = runCase(c);
    results.push(r);
    io.stdout(formatResult(r));
  }
  const n = countOutcomes(results);
  io.stdout(`${n.pass} passed, ${n.fail} failed, ${n.unsupported} unsupported`);
  const json = flags.get('json');
  if (json) {
    const report = { backend: 'cpu', tolerance: ONNX_TOLERANCE, counts: n, results };
    writeFileSync(json, JSON.stringify(report, null, 2) + '\n');
  }
  return n.fail ? 1 : 0;
}
