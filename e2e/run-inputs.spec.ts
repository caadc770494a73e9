// Run inputs: each model input has a row (name, shape, dtype) choosing its values — a constant, a .npy
// file (dtype and shape checked), an image with its preprocessing stated — and the outputs follow.
import { expect, test, type Page } from '@playwright/test';
import { collectPageProblems, expectGraphReady } from './support/app';

/** A .npy file (format 1.0) of float32 values. */
function npy(shape: number[], values: Float32Array): Buffer {
  const dict = `{'descr': '<f4', 'fortran_order': False, 'shape': (${shape.join(', ')}), }`;
  const header = dict + ' '.repeat(63 - ((10 + dict.length) % 64)) + '\n';
  const prefix = Buffer.alloc(10);
  prefix.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0]);
  prefix.writeUInt16LE(header.length, 8);
  return Buffer.concat([prefix, Buffer.from(header, 'latin1'), Buffer.from(values.buffer)]);
}

async function run(page: Page): Promise<string> {
  await page.getByTestId('run').click();
  await expect(page.getByTestId('run-status')).toHaveText('done', { timeout: 50_000 });
  return (await page.getByTestId('run-results').getByTestId('output-values').textContent()) ?? '';
}

test('the tiny CNN runs on a constant and on a .npy file; a mismatched .npy is refused', async ({ page }) => {
  const problems = collectPageProblems(page);
  await page.goto('/#model=demo:tiny-cnn.onnx&view=graph');
  await expectGraphReady(page);
  const row = page.getByTestId('run-input');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('1×3×32×32 float32');
  await expect(row.getByTestId('input-source').locator('option')).toHaveText(['random (seeded)', 'constant', '.npy / .bin file', 'image']);
  const results = page.getByTestId('run-results');

  const random = await run(page);
  await expect(results.getByTestId('run-inputs')).toContainText('seeded random (seed 1)');

  await row.getByTestId('input-source').selectOption('constant');
  await row.getByTestId('input-constant').fill('0');
  const zeros = await run(page);
  await expect(results.getByTestId('run-inputs')).toContainText('= constant 0');
  expect(zeros).not.toBe(random);

  await row.getByTestId('input-constant').fill('0.5');
  const halves = await run(page);
  expect(halves).not.toBe(zeros);

  // A .npy of all 0.5 gives the same outputs as the constant 0.5; one of all 0 the same as the constant 0.
  await row.getByTestId('input-source').selectOption('file');
  await row.getByTestId('input-file').setInputFiles({ name: 'half.npy', mimeType: 'application/octet-stream', buffer: npy([1, 3, 32, 32], new Float32Array(3072).fill(0.5)) });
  expect(await run(page)).toBe(halves);
  await expect(results.getByTestId('run-inputs')).toContainText('from half.npy');
  await row.getByTestId('input-file').setInputFiles({ name: 'zero.npy', mimeType: 'application/octet-stream', buffer: npy([1, 3, 32, 32], new Float32Array(3072)) });
  expect(await run(page)).toBe(zeros);

  // A wrong shape fails the Run with a message naming the file, the input and the shape it needs.
  await row.getByTestId('input-file').setInputFiles({ name: 'wrong.npy', mimeType: 'application/octet-stream', buffer: npy([1, 32, 32, 3], new Float32Array(3072)) });
  await page.getByTestId('run').click();
  await expect(page.getByTestId('run-error')).toContainText('wrong.npy holds 1×32×32×3 float32; %image (1×3×32×32 float32) needs shape 1×3×32×32');
  await expect(page.getByTestId('run-status')).toHaveText('failed');

  // The image source states its preprocessing.
  await row.getByTestId('input-source').selectOption('image');
  await expect(row.getByTestId('input-note')).toContainText('preprocessing: resized to 32×32, ImageNet mean/std');
  await expect(row.getByTestId('input-note')).toContainText('NCHW');
  expect(problems).toEqual([]);
});
