// docs/operators.md lists exactly the ops the importer maps and those it refuses, with the reasons
// the refusal quotes; no op is both.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { SUPPORTED_ONNX_OPS } from './ops';
import { UNSUPPORTED_ONNX_OPS } from './unsupported';

const doc = readFileSync(join(__dirname, '../../../../docs/operators.md'), 'utf8');

test('docs/operators.md lists every supported op', () => {
  const section = doc.slice(doc.indexOf('## Supported'), doc.indexOf('\nSome are supported only in part'));
  expect([...section.matchAll(/`([A-Za-z0-9]+)`/g)].map((m) => m[1]).sort()).toEqual([...SUPPORTED_ONNX_OPS].sort());
});

test('docs/operators.md gives the reason for every refused op, as the importer does', () => {
  const rows = [...doc.slice(doc.indexOf('## Not supported')).matchAll(/^\| `([A-Za-z0-9]+)` \| (.+) \|$/gm)];
  expect(Object.fromEntries(rows.map((m) => [m[1], m[2]]))).toEqual(UNSUPPORTED_ONNX_OPS);
  expect(Object.keys(UNSUPPORTED_ONNX_OPS).filter((op) => SUPPORTED_ONNX_OPS.includes(op))).toEqual([]);
});
