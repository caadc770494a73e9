// Shared helpers for the app specs: page-problem collection and waiting for a compiled, laid-out graph.
import { expect, type Page } from '@playwright/test';

/** Console lines that mean the page is broken: CSP violations and uncaught errors. */
export function collectPageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || /Content Security Policy/i.test(msg.text())) problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  return problems;
}

/** Opens a toolbar menu ('options', 'share', 'url') so the controls in it can be used. */
export async function openMenu(page: Page, menu: 'options' | 'share' | 'url'): Promise<void> {
  const details = page.getByTestId(`menu-${menu}`);
  if (await details.getAttribute('open') === null) await details.locator('> summary').click();
  await expect(details).toHaveAttribute('open', '');
}

/** Waits until the graph view shows a laid-out graph (its stats line names the node count). */
export async function expectGraphReady(page: Page, timeout?: number): Promise<void> {
  await expect(page.getByTestId('graph-stats')).toContainText(/nodes · parse \d+ ms · layout \d+ ms/, timeout ? { timeout } : {});
  await expect(page.getByTestId('progress-row')).toBeHidden();
}

/** The tiny CNN (or a model of its shape) compiled per subgraph, into 8 partitions, and drawn. */
export async function compilePerSubgraph(page: Page): Promise<void> {
  await openMenu(page, 'options');
  await page.getByTestId('granularity').selectOption('per-subgraph');
  await expect(page.getByTestId('model-summary')).toContainText('in 8 partitions');
  // The summary comes before the new layout: search only once the recompiled graph is drawn.
  await expectGraphReady(page);
}

/** Selects the residual add `%_Add_output_0` through the graph's search. */
export async function selectResidualAdd(page: Page): Promise<void> {
  await page.getByTestId('graph-search').fill('Add_output');
  await page.getByTestId('graph-search').press('Enter');
  await expect(page.getByTestId('node-title')).toHaveText('%_Add_output_0 = cgc_op.add');
}

/**
 * The page's JavaScript memory after a garbage collection: the V8 heap and the ArrayBuffers' backing
 * stores (where a download's or a file's bytes live).
 */
export async function pageMemory(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const usage = await cdp.send('Runtime.getHeapUsage') as { usedSize: number; backingStorageSize?: number };
  await cdp.detach();
  return usage.usedSize + (usage.backingStorageSize ?? 0);
}
