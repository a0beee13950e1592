// Accessibility: axe-core scans the page on every view tab (after a compilation and a
// simulation, so each view shows its content) in both themes; no serious or critical
// violation may remain.
import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { AppPage } from '../pages/app-page.mjs';

const VIEWS = ['pipeline', 'graph', 'hardware', 'buffers', 'simulation', 'rtl', 'area'];

async function serious(page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
}

for (const theme of ['light', 'dark']) {
  test(`no serious accessibility violation on any tab (${theme} theme)`, async ({ page }) => {
    const app = new AppPage(page);
    await app.open();
    if ((await app.theme()) !== theme) await app.themeToggle.click();
    await app.compile();
    await app.view('simulation').click();
    await page.getByTestId('sim-run').click();
    await expect(page.getByTestId('sim-check')).toHaveAttribute('data-passed', 'true', { timeout: 60000 });
    await page.getByTestId('sim-step').click();
    const found = {};
    for (const view of VIEWS) {
      await app.view(view).click();
      const problems = await serious(page);
      if (problems.length) found[view] = problems;
    }
    expect(found).toEqual({});
    expect(app.consoleErrors).toEqual([]);
  });
}
