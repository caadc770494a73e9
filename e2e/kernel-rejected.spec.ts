// A kernel the browser's WebGPU refuses to compile is a specialization its target declines: Run
// compiles the model again without it, its subgraph goes to the next target, and the run completes
// and matches the CPU reference. The first generated shader module is made invalid in the page.
import { expect, test } from '@playwright/test';
import { collectPageProblems, expectGraphReady } from './support/app';

test('a kernel the device refuses: Run recompiles without it and completes', async ({ page }) => {
  const problems = collectPageProblems(page);
  await page.addInitScript(() => {
    const create = GPUDevice.prototype.createShaderModule;
    let spoiled: string | undefined;
    GPUDevice.prototype.createShaderModule = function (this: GPUDevice, d: GPUShaderModuleDescriptor) {
      const label = d.label ?? '';
      if (label.startsWith('Executable.shader') && (spoiled === undefined || spoiled === label)) {
        spoiled = label;
        return create.call(this, { ...d, code: `${d.code}\nconst spoiled: f32 = ( * 1.0);\n` });
      }
      return create.call(this, d);
    };
  });
  await page.goto('/#model=demo:spec-7layer.mlir&view=graph');
  await expectGraphReady(page);
  await page.getByTestId('run-diff').check();
  await page.getByTestId('run').click();
  await expect(page.getByTestId('run-status')).toContainText(/^done — kernel \S+ did not compile on this device/, { timeout: 90_000 });
  await expect(page.getByTestId('run-error')).toBeHidden();
  const results = page.getByTestId('run-results');
  await expect.poll(async () => Number(await results.getByTestId('max-abs-error').getAttribute('data-max-abs-error'))).toBeLessThanOrEqual(1e-4);
  await expect(results).toContainText('@partition1_webgpu_fallback');
  await page.screenshot({ path: test.info().outputPath('kernel-rejected.png'), fullPage: true });
  expect(problems.filter((p) => !/does not compile|spoiled|Error while parsing WGSL|Invalid ShaderModule|Invalid ComputePipeline/.test(p))).toEqual([]);
});
