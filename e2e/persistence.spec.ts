// Persistence: a model opened from files (with its weights) and its compile result (Output IR and
// each subgraph's WGSL, keyed by the model, the options and the adapter) are cached in IndexedDB; a
// reload restores it without compiling ("from cache"), and its downloads still build; Clear cache
// forgets it (the next visit starts with the demo; a reload of the hash that names it asks for the file).
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { collectPageProblems, expectGraphReady, openMenu } from './support/app';

test('a reload restores the last opened model from the cache; Clear cache brings back the demo', async ({ page }) => {
  const problems = collectPageProblems(page);
  await page.goto('/');
  await expectGraphReady(page);
  await page.getByTestId('file-input').setInputFiles([
    { name: 'my-model.mlir', mimeType: 'text/plain', buffer: await readFile('public/models/spec-7layer.mlir') },
    { name: 'my-model.safetensors', mimeType: 'application/octet-stream', buffer: await readFile('public/models/spec-7layer.safetensors') },
  ]);
  await expect(page.getByTestId('model-summary')).toContainText(/^my-model\.mlir: 7 ops .* compiled in \d+ ms$/);
  await expectGraphReady(page);

  // idb-keyval's store holds the compile: the Output IR text and the WGSL of every GPU subgraph.
  const cached = await page.evaluate(() => new Promise<{ key: string; output: boolean; wgsl: string[] }[]>((resolve, reject) => {
    const open = indexedDB.open('keyval-store');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const store = open.result.transaction('keyval').objectStore('keyval');
      const keys = store.getAllKeys();
      const values = store.getAll();
      values.onsuccess = () => resolve(keys.result.flatMap((k, i) => {
        const v = values.result[i] as { outputText?: string; kernels?: { kernels: { wgsl: string }[] }[] };
        return String(k).startsWith('compiled:') ? [{
          key: String(k), output: !!v.outputText?.includes('cgc.program'),
          wgsl: (v.kernels ?? []).flatMap((s) => s.kernels.map((kk) => kk.wgsl)),
        }] : [];
      }));
    };
  }));
  expect(cached).toHaveLength(1);
  // Keyed by the model's files and then the options; the weights are stored with the model, not here.
  expect(cached[0]!.key).toMatch(/^compiled:[0-9a-f]{64}:[0-9a-f]{64}$/);
  // The Output IR text; its bytecode is built when a download asks for it, not cached.
  expect(cached[0]!.output).toBe(true);
  expect(cached[0]!.wgsl.length).toBe(2); // @convolutionReluAdd (invoked twice) and @upsample
  for (const w of cached[0]!.wgsl) expect(w).toContain('@compute');

  await page.reload();
  await expect(page.getByTestId('model-summary')).toContainText(/^my-model\.mlir: 7 ops .* from cache \(not recompiled\)$/);
  await expectGraphReady(page);
  await expect(page.getByTestId('ir-input')).toHaveValue(/cgc\.constant\("w1"\)/);
  await expect(page.getByTestId('run')).toBeEnabled();
  await page.screenshot({ path: test.info().outputPath('restored-from-cache.png'), fullPage: true });
  // The new page's compile worker never compiled this model: the downloads are built from the cached result's IR and the page's weights.
  await page.getByTestId('tab-ir').click();
  const download = async (id: string, name: string): Promise<Buffer> => {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(id).click()]);
    expect(file.suggestedFilename()).toBe(name);
    return readFile((await file.path())!);
  };
  expect((await download('ir-download-bytecode', 'my-model.output.mlirbc')).subarray(0, 4).toString('latin1')).toBe('ML\u00efR');
  expect((await download('ir-download-weights', 'my-model.safetensors')).subarray(8, 400).toString()).toContain('"w1"');

  await openMenu(page, 'options');
  await page.getByTestId('clear-cache').click();
  await expect(page.getByTestId('share-status')).toHaveText(/cache cleared/);
  // The page's hash still names the model: a reload asks for that file rather than show another model.
  await page.reload();
  await expect(page.getByTestId('share-expect')).toContainText('This link shows my-model.mlir');
  await expect(page.getByTestId('share-expect')).toContainText('Drop that file together with my-model.safetensors');
  await page.goto('/');
  await expect(page.getByTestId('model-summary')).toContainText(/^spec-7layer\.mlir: 7 ops/);
  expect(problems).toEqual([]);
});
