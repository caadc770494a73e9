// Upstream MLIR accepts our generic form: for every golden, `mlir-opt --allow-unregistered-dialect`
// reads what we print, and what it prints back (generic, SSA names renumbered, module-wrapped)
// parses to the same module. Needs Debian's mlir-16-tools; under CI its absence is a failure.
import { describe, expect, it } from 'vitest';
import { diffOperations, formatDiagnostic, parseModule, printModule } from '.';
import { listGoldens, parseGolden } from './testing/goldens';
import { MLIR_OPT, mlirOpt, mlirOptPresent as present } from './testing/mlir-opt';

describe('mlir-opt 16 round trip', () => {
  it('mlir-opt is installed (CI installs mlir-16-tools)', () => {
    if (process.env.CI) expect(present, `${MLIR_OPT} missing`).toBe(true);
  });

  // Skipped only outside CI when mlir-opt is absent: `apt-get install mlir-16-tools` un-skips it.
  for (const g of listGoldens()) {
    it.skipIf(!present)(`${g.name}: mlir-opt reads our generic form and prints back the same module`, () => {
      const module = parseGolden(g);
      const ours = printModule(module, { form: 'generic' });
      const theirs = mlirOpt(ours, '-mlir-print-op-generic');
      expect(theirs).toContain('"builtin.module"');
      const back = parseModule(theirs, { file: `${g.name} (mlir-opt)` });
      expect(back.diagnostics.map(formatDiagnostic)).toEqual([]);
      expect(diffOperations(module, back.module!)).toBeUndefined();
    });
  }
});
