// A compiled program (CGC Output IR bytecode, `cgc compile --format bytecode`) opened in the app: it is
// shown and run without the compiler — its partitions and kernels as recorded — and its outputs are
// those of the model it was compiled from.
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { collectPageProblems } from './support/app';

const PROGRAM = join(import.meta.dirname, '../tests/programs/spec-7layer.v1.mlirbc');

test('a compiled program opens and runs without compiling', async ({ page }) => {
  const problems = collectPageProblems(page);
  await page.goto('/');
  await expect(page.getByTestId('model-summary')).toContainText('spec-7layer');
  await page.getByTestId('run').click();
  await expect(page.getByTestId('run-status')).toHaveText('done', { timeout: 60_000 });
  const fromModel = await page.getByTestId('run-output').first().innerText();

  await page.getByTestId('file-input').setInputFiles(PROGRAM);
  await expect(page.getByTestId('model-summary')).toContainText(/spec-7layer\.v1\.mlirbc: a compiled program \(program format 1\), not compiled here/);
  await page.getByTestId('tab-ir').click();
  await expect(page.getByTestId('ir-text')).toContainText('cgc.program');
  await page.getByTestId('tab-graph').click();
  await expect(page.getByTestId('graph-empty')).toContainText('a compiled program holds no Input IR');
  await page.getByTestId('run').click();
  await expect(page.getByTestId('run-status')).toHaveText('done', { timeout: 60_000 });
  // The same seeded inputs, the same values (the program has no output names: #0).
  const shipped = await page.getByTestId('run-output').first().innerText();
  const values = (line: string) => line.replace(/^.*?: /, '');
  expect(values(shipped)).toBe(values(fromModel));
  expect(problems).toEqual([]);
});
