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

/** Waits until the graph view shows a laid-out graph (its stats line names the node count). */
export async function expectGraphReady(page: Page, timeout?: number): Promise<void> {
  await expect(page.getByTestId('graph-stats')).toContainText(/nodes · parse \d+ ms · layout \d+ ms/, timeout ? { timeout } : {});
  await expect(page.getByTestId('progress-row')).toBeHidden();
}
