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
