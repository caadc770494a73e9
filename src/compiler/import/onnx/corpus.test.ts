// Imports every model of Debian's ONNX backend test data (libonnx-testdata): no model may fail
// with anything but an OnnxImportError; imported modules must verify. Prints the counts.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { verifyModule } from '../../../ir';
import type { HostTensor } from '../../../core';
import { OnnxImportError, readTensorProto } from '.';
import { importFolded } from './testing';
import { decodeTensor } from './proto';

const ROOT = '/usr/share/libonnx-testdata/data';
const have = existsSync(ROOT);

/**
 * The backend tests feed shapes, axes, pads … as graph inputs; `onnx-test` binds them from
 * test_data_set_0 as constants. `from` = 1 keeps input 0 (the data) an argument, 0 binds all.
 */
function boundInputs(dir: string, from: number): Map<string, HostTensor> {
  const out = new Map<string, HostTensor>();
  const set = `${dir}/test_data_set_0`;
  if (!existsSync(set)) return out;
  for (let i = from; existsSync(`${set}/input_${i}.pb`); i++) {
    const bytes = readFileSync(`${set}/input_${i}.pb`);
    const name = decodeTensor(bytes).name;
    try {
      out.set(name, readTensorProto(bytes));
    } catch (e) {
      if (!(e instanceof OnnxImportError)) throw e;
    }
  }
  return out;
}

interface Tally { imported: number; withConstantInputs: number; unsupported: number; reasons: Map<string, number> }

function reasonOf(message: string): string {
  const op = /unsupported ONNX op '([^']+)'/.exec(message);
  if (op) return `unsupported op ${op[1]}`;
  return message.replace(/^[^:]*: /, '').replace(/'[^']*'/g, "'…'").replace(/\d+/g, 'N').slice(0, 90);
}

function importAll(suite: string): Tally {
  const tally: Tally = { imported: 0, withConstantInputs: 0, unsupported: 0, reasons: new Map() };
  for (const name of readdirSync(`${ROOT}/${suite}`).sort()) {
    const dir = `${ROOT}/${suite}/${name}`;
    if (!existsSync(`${dir}/model.onnx`)) continue;
    const bytes = readFileSync(`${dir}/model.onnx`);
    const attempt = (constantInputs?: Map<string, HostTensor>): OnnxImportError | undefined => {
      try {
        const { module } = importFolded(bytes, { fileName: name, ...(constantInputs ? { constantInputs } : {}) });
        expect(verifyModule(module).map((d) => d.message), name).toEqual([]);
        return undefined;
      } catch (e) {
        if (!(e instanceof OnnxImportError)) throw new Error(`${name}: ${(e as Error).stack}`, { cause: e });
        return e;
      }
    };
    let err: OnnxImportError | undefined = attempt();
    if (!err) {
      tally.imported++;
      continue;
    }
    for (const from of [1, 0]) {
      if (!err || !/must be a constant/.test(err.message)) break;
      err = attempt(boundInputs(dir, from));
    }
    if (!err) {
      tally.withConstantInputs++;
      continue;
    }
    tally.unsupported++;
    const r = reasonOf(err.message);
    tally.reasons.set(r, (tally.reasons.get(r) ?? 0) + 1);
  }
  const top = [...tally.reasons].sort((a, b) => b[1] - a[1]).slice(0, 40).map(([r, c]) => `  ${c} × ${r}`).join('\n');
  console.log(`${suite}: ${tally.imported} imported, ${tally.withConstantInputs} more with test-data inputs bound as constants,`
    + ` ${tally.unsupported} refused with OnnxImportError\n${top}`);
  return tally;
}

describe.skipIf(!have)('ONNX backend test models (skipped without the libonnx-testdata package)', () => {
  for (const suite of ['node', 'pytorch-converted', 'pytorch-operator', 'simple']) {
    test(suite, () => {
      const t = importAll(suite);
      expect(t.imported).toBeGreaterThan(0);
    });
  }
});
