// Screenshots of the page at two window sizes in the light and the dark colour scheme, saved as test
// artifacts (test-results/) for a person to look at.
import { type Page, test } from '@playwright/test';

const SIZES = [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }] as const;

export async function saveScreens(page: Page, name: string): Promise<void> {
  const before = page.viewportSize();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const size of SIZES) {
      await page.setViewportSize(size);
      // Two frames: the resize observer's redraw, then its paint.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await page.screenshot({ path: test.info().outputPath(`${name}-${size.width}x${size.height}-${colorScheme}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: null });
  if (before) await page.setViewportSize(before);
}
