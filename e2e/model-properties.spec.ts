// The Model properties panel: inputs and outputs with shapes and types, the ONNX header (IR version,
// producer, opsets), parameter count and bytes, the op histogram, and targets and partitions.
import { expect, test } from '@playwright/test';
import { collectPageProblems, expectGraphReady } from './support/app';

test('the tiny CNN: its input, output, ONNX header, parameters, ops and partition', async ({ page }) => {
  const problems = collectPageProblems(page);
  await page.goto('/#model=demo:tiny-cnn.onnx&view=graph');
  await expectGraphReady(page);
  const props = page.getByTestId('model-properties');
  await expect(props).toBeVisible();
  await expect(props.locator('dd[data-fact="model"]')).toHaveText('tiny-cnn.onnx');
  await expect(props.locator('dd[data-fact="format"]')).toHaveText(/^ONNX \(IR version \d+\)$/);
  await expect(props.locator('dd[data-fact="producer"]')).toHaveText(/^pytorch /);
  await expect(props.locator('dd[data-fact="opsets"]')).toHaveText(/^ai\.onnx \d+/);
  // 4 convolutions (16·3·9 + 16, 16·16·9 + 16 twice, 32·16·9 + 32) and the 10×32 head (+ 10).
  await expect(props.locator('dd[data-fact="parameters"]')).toHaveText('10,058 in 10 tensors');
  await expect(props.locator('dd[data-fact="parameter bytes"]')).toHaveText('39.3 KiB (40,232 B)');
  await expect(props.getByTestId('model-inputs').locator('tr')).toHaveText(['image1×3×32×32float32']);
  await expect(props.getByTestId('model-outputs').locator('tr')).toHaveText(['probabilities1×10float32']);
  await expect(props.getByTestId('op-histogram').locator('li[data-op="convolution"] .op-count')).toHaveText('4');
  await expect(props.getByTestId('op-histogram').locator('li').first()).toHaveAttribute('data-op', /^(convolution|relu)$/);
  await expect(props.getByTestId('model-partitions').locator('li')).toHaveText(['@partition0_webgpu webgpu · 8 subgraphs']);
  await expect(props.getByTestId('model-targets')).toHaveText('subgraphs by target: webgpu 8');
  expect(problems).toEqual([]);
});

test('CGC IR: the spec demo\'s weights and partitions; the panel follows the next model', async ({ page }) => {
  await page.goto('/#model=demo:spec-7layer.mlir&view=graph');
  await expectGraphReady(page);
  const props = page.getByTestId('model-properties');
  await expect(props.locator('dd[data-fact="format"]')).toHaveText('CGC IR');
  await expect(props.locator('dd[data-fact="parameters"]')).toHaveText('20 in 4 tensors');
  await expect(props.getByTestId('model-inputs').locator('tr')).toHaveText(['in1×1×4×4float32']);
  await expect(props.getByTestId('model-partitions').locator('li')).toHaveCount(2);
  await page.getByTestId('model-picker').selectOption('tiny-cnn.onnx');
  await expect(props.locator('dd[data-fact="model"]')).toHaveText('tiny-cnn.onnx');
});
