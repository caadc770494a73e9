// `cgc onnx-test DIR… [--backend webgpu|cpu] [--json FILE]`: runs ONNX backend test cases through the
// importer and a backend (WebGPU by default, or the CPU reference), one line per case and a closing tally.
import { writeFileSync } from 'node:fs';
import { parseArgs, UsageError } from './args';
import { ONNX_TOLERANCE } from './compare-tensors';
import { type CaseResult, countOutcomes, findCases, formatResult, runCase } from './conformance';
import { backendName, openBackend } from './backends';
import type { CliIO } from './main';

export const ONNX_TEST_USAGE = 'cgc onnx-test DIR… [--backend webgpu|cpu] [--json FILE]';

export async function onnxTestCommand(argv: readonly string[], io: CliIO): Promise<number> {
  const { positionals, flags } = parseArgs(argv, { backend: true, json: true });
  if (!positionals.length) throw new UsageError(`expected one or more test folders\nusage: ${ONNX_TEST_USAGE}`);
  const backendChoice = backendName(flags.get('backend'), 'webgpu');
  let cases;
  try {
    cases = findCases(positionals);
  } catch (e) {
    io.stderr(`error: ${(e as Error).message}`);
    return 1;
  }
  const backend = await openBackend(backendChoice, (l) => io.stderr(l));
  const results: CaseResult[] = [];
  try {
    for (const c of cases) {
      const r = await runCase(c, undefined, backend);
      results.push(r);
      io.stdout(formatResult(r));
    }
  } finally {
    backend.close();
  }
  const n = countOutcomes(results);
  io.stdout(`${n.pass} passed, ${n.fail} failed, ${n.unsupported} unsupported`);
  const json = flags.get('json');
  if (json) {
    const report = { backend: backendChoice, tolerance: ONNX_TOLERANCE, counts: n, results };
    writeFileSync(json, JSON.stringify(report, null, 2) + '\n');
  }
  return n.fail ? 1 : 0;
}
