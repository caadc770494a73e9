// Run inputs: each model input has a row (name, shape, dtype) choosing its values — a constant, a .npy
// file (dtype and shape checked), token ids for an int64 input, an image for an NCHW or NHWC input with
// its preprocessing stated — and the outputs follow.
import { expect, test, type Page } from '@playwright/test';
import { collectPageProblems, expectGraphReady } from './support/app';

const RED_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** Token ids (int64) cast to float, and an NHWC image through a relu. */
const TWO_INPUTS = `cgc.module {
  cgc.entry_point @main(%ids: !cgc.tensor<1x6x!cgc.int64>, %img: !cgc.tensor<1x4x4x3x!cgc.float32>) -> (!cgc.tensor<1x6x!cgc.float32>, !cgc.tensor<1x4x4x3x!cgc.float32>) {
    %f = cgc_op.cast(%ids) {to = !cgc.float32} : (!cgc.tensor<1x6x!cgc.int64>) -> !cgc.tensor<1x6x!cgc.float32>
    %r = cgc_op.relu(%img) : (!cgc.tensor<1x4x4x3x!cgc.float32>) -> !cgc.tensor<1x4x4x3x!cgc.float32>
    cgc.return %f, %r : !cgc.tensor<1x6x!cgc.float32>, !cgc.tensor<1x4x4x3x!cgc.float32>
  }
}
`;

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

test('token ids fill an int64 input (padded, with a note) and a picked image fills an NHWC input', async ({ page }) => {
  const problems = collectPageProblems(page);
  await page.goto('/');
  await page.getByTestId('file-input').setInputFiles({ name: 'two-inputs.mlir', mimeType: 'text/plain', buffer: Buffer.from(TWO_INPUTS) });
  await expectGraphReady(page);
  const rows = page.getByTestId('run-input');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('#0 %ids 1×6 int64');
  await expect(rows.nth(1)).toContainText('#1 %img 1×4×4×3 float32');
  await expect(rows.nth(0).getByTestId('input-source').locator('option')).toHaveText(['random (seeded)', 'constant', 'token ids', '.npy / .bin file']);

  await rows.nth(0).getByTestId('input-source').selectOption('tokens');
  await rows.nth(0).getByTestId('input-tokens').fill('101, 2023, 2003, 102');
  await expect(rows.nth(0).getByTestId('input-note')).toHaveText('4 ids padded with 0 to the input\'s 6');
  // The Input image picker fills the NHWC input, and says so.
  await page.getByTestId('run-image').setInputFiles({ name: 'red.png', mimeType: 'image/png', buffer: Buffer.from(RED_PIXEL_PNG, 'base64') });
  await expect(page.getByTestId('run-image-name')).toHaveText('image: red.png → %img (see Inputs)');
  await expect(rows.nth(1).getByTestId('input-source')).toHaveValue('image');
  await expect(rows.nth(1).getByTestId('input-note')).toContainText('NHWC');

  await page.getByTestId('run').click();
  await expect(page.getByTestId('run-status')).toHaveText('done', { timeout: 50_000 });
  const results = page.getByTestId('run-results');
  await expect(results.getByTestId('run-inputs')).toContainText('input #0: %ids token ids (4 ids padded with 0 to the input\'s 6)');
  await expect(results.getByTestId('run-inputs')).toContainText('input #1: red.png resized to 4×4, ImageNet mean/std');
  const values = results.getByTestId('output-values');
  await expect(values.nth(0)).toHaveText('101.000 2023.00 2003.00 102.000 0.00000 0.00000');
  // Red, normalized: R (1 − 0.485) / 0.229; G and B negative, so the relu gives 0; channels last.
  await expect(values.nth(1)).toHaveText(/^2\.24891 0\.00000 0\.00000 2\.24891 /);
  expect(problems).toEqual([]);
});
