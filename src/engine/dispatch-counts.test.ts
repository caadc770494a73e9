// Dispatches a run of the transformers (torchvision exports, WebGPU's default limits), as
// `cgc partitions` counts them: each at most what the fusions reach, so that a change that splits a
// kernel again fails here (BENCHMARKS.md, "Layer normalizations in row kernels").
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ensureModels } from '../compiler/testing/models';
import { plannedRunCounts } from '../runtime/run-counts';
import { openModel } from './model';

/** Dispatches a run at most, per model. */
const AT_MOST: Record<string, number> = { vit_b_16: 137, swin_t: 120, convnext_tiny: 138 };
const models = ensureModels(Object.keys(AT_MOST));

// Skipped only outside CI where python3-torch is absent (CI installs it; ensureModels then throws if it cannot export).
describe.skipIf(!models)('dispatches a run', () => {
  for (const [name, most] of Object.entries(AT_MOST)) {
    it(`${name}: at most ${most}`, () => {
      const model = openModel(readFileSync(models!.get(name)!), { fileName: `${name}.onnx` });
      const program = model.compile();
      const { dispatches } = plannedRunCounts(program.output, program.targets);
      console.log(`${name}: ${dispatches} dispatches a run`);
      expect(dispatches).toBeLessThanOrEqual(most);
    }, 120_000);
  }
});
