// IR view: highlighted MLIR, each subgraph's WGSL kernels (the CPU reference's subgraphs say so),
// and the downloads (.mlir, .safetensors, .mlirbc) through Blob URLs.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { collectPageProblems, expectGraphReady } from './support/app';

test('the IR view highlights IR, shows each kernel\'s WGSL and downloads the model files', async ({ page }) => {
  const problems = collectPageProblems(page);
  await page.goto('/#model=demo:spec-7layer.mlir&view=ir');
  await expectGraphReady(page);
  const text = page.getByTestId('ir-text');
  await expect(text.locator('.tok-type').first()).toHaveText('!cgc.tensor<1x1x4x4x!cgc.float32>');
  await expect(text.locator('.tok-ssa', { hasText: '%conv1' }).first()).toBeVisible();
  await expect(text.locator('.tok-op', { hasText: 'cgc_op.convolution' }).first()).toBeVisible();

  const picker = page.getByTestId('ir-picker');
  await expect(picker.locator('optgroup[label="WGSL kernels"] option')).toHaveText(['@convolutionReluAdd — 1 kernel', '@upsample — 1 kernel']);
  await picker.selectOption('wgsl.convolutionReluAdd');
  await expect(text).toHaveAttribute('data-language', 'wgsl');
  await expect(text).toContainText('// kernel convolutionReluAdd.0');
  await expect(text.locator('.tok-symbol', { hasText: '@compute' })).toHaveCount(1);
  await expect(text.locator('.tok-keyword', { hasText: /^fn$/ }).first()).toBeVisible();
  await expect(page).toHaveURL(/ir=wgsl\.convolutionReluAdd/);
  await page.screenshot({ path: test.info().outputPath('ir-view-wgsl.png'), fullPage: true });

  for (const [id, name, head] of [
    ['ir-download-input', 'spec-7layer.input.mlir', 'cgc.module'],
    ['ir-download-output', 'spec-7layer.output.mlir', 'cgc.module'],
    ['ir-download-weights', 'spec-7layer.safetensors', ''],
    ['ir-download-bytecode', 'spec-7layer.output.mlirbc', 'ML\u00efR'],
  ] as const) {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(id).click()]);
    expect(file.suggestedFilename()).toBe(name);
    const bytes = await readFile((await file.path())!);
    expect(bytes.length).toBeGreaterThan(16);
    if (head) expect(bytes.subarray(0, 4).toString('latin1')).toBe(head.slice(0, 4));
    if (id === 'ir-download-weights') expect(bytes.subarray(8, 400).toString()).toContain('"w1"');
  }
  await expect(page.locator('#ir-copy-status')).toHaveText('');
  expect(problems).toEqual([]);
});

test('an ONNX model\'s weights download is built from the initializers the worker holds', async ({ page }) => {
  const problems = collectPageProblems(page);
  await page.goto('/#model=demo:tiny-cnn.onnx&view=ir');
  await expectGraphReady(page);
  for (const [id, name] of [['ir-download-weights', 'tiny-cnn.safetensors'], ['ir-download-bytecode', 'tiny-cnn.output.mlirbc']] as const) {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(id).click()]);
    expect(file.suggestedFilename()).toBe(name);
    const bytes = await readFile((await file.path())!);
    // The weights: a safetensors header naming float32 tensors, then 42 KB of data; the bytecode carries them too.
    if (id === 'ir-download-weights') expect(bytes.subarray(8, 200).toString()).toContain('"dtype":"F32"');
    expect(bytes.length).toBeGreaterThan(20_000);
  }
  expect(problems).toEqual([]);
});

test('with only the CPU reference enabled, the kernel view says the subgraphs run there', async ({ page }) => {
  await page.goto('/#model=demo:spec-7layer.mlir&view=ir&targets=cpu-reference&ir=wgsl.convolutionReluAdd');
  await expectGraphReady(page);
  await expect(page.getByTestId('target-webgpu')).not.toBeChecked();
  const options = page.getByTestId('ir-picker').locator('optgroup option');
  await expect(options.first()).toContainText('CPU reference');
  await page.getByTestId('ir-picker').selectOption('wgsl.convolution');
  await expect(page.getByTestId('ir-text')).toContainText('runs on the CPU reference');
});
