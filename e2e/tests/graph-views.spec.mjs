// Drawings of one circuit: the simplified view (no buffers, forks, sinks or constants; the
// default for large circuits), collapsed blocks, and a zoom that survives a tab switch.
import { test, expect } from '@playwright/test';
import { AppPage } from '../pages/app-page.mjs';

const hidden = ['buffer', 'fork', 'sink', 'constant'];

/** Units drawn, per `data-kind`, and their names, once the chosen drawing has arrived. */
async function drawn(page) {
  await expect(page.getByTestId('graph-pending')).toHaveCount(0);
  await expect(page.getByTestId('unit').first()).toBeVisible();
  return page.locator('[data-testid="unit"]').evaluateAll((els) => els.map((e) => ({
    kind: e.getAttribute('data-kind'), name: e.getAttribute('data-name'),
  })));
}

const hiddenKind = (u) => u.kind === 'buffer' || u.name.startsWith('fork') || u.name.startsWith('lazy_fork')
  || u.name.startsWith('sink') || u.name.startsWith('constant');

test('the simplified view hides buffers, forks, sinks and constants and keeps the rest', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.pickExample('fir');
  await app.compile();
  await app.view('graph').click();
  const toggle = page.getByTestId('graph-simplified');
  await expect(toggle).not.toBeChecked(); // fir is small: drawn in full
  const full = await drawn(page);
  expect(full.filter(hiddenKind).length).toBeGreaterThan(10);
  await toggle.check();
  await expect.poll(async () => (await drawn(page)).length).toBeLessThan(full.length);
  const simple = await drawn(page);
  expect(simple.filter(hiddenKind), hidden.join(', ')).toEqual([]);
  // Every unit that computes, steers or ends stays, under its name (sources that only fed
  // constants go with them).
  const kept = full.filter((u) => !hiddenKind(u) && !u.name.startsWith('source')).map((u) => u.name).sort();
  expect(simple.map((u) => u.name).filter((n) => !n.startsWith('source')).sort()).toEqual(kept);
  // Units keep the colour band the editor gives their line (line 10: the loop body).
  const bodyBand = (await page.locator('[data-testid="bands"] [data-line="10"]').getAttribute('class')).match(/band-\d/)[0];
  await expect(page.locator('[data-testid="unit"][data-name="muli0"] .band-stripe')).toHaveClass(new RegExp(bodyBand));
  // Constants are written on their consumers: fir compares i with 64.
  await expect(page.locator('[data-testid="unit"][data-name="cmpi0"]')).toContainText('= 64');
  await toggle.uncheck();
  await expect.poll(async () => (await drawn(page)).length).toBe(full.length);
  expect(app.consoleErrors).toEqual([]);
});

test('a large circuit opens simplified; blocks collapse and expand', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.pickExample('stencil_2d');
  await app.compile();
  await app.view('graph').click();
  await expect(page.getByTestId('graph-simplified')).toBeChecked();
  await expect.poll(async () => (await drawn(page)).filter(hiddenKind).length).toBe(0);
  const before = (await drawn(page)).length;
  // Collapse the first block with units inside: one unit stands for it.
  const bb = await page.getByTestId('block').nth(1).getAttribute('data-block');
  await page.getByTestId('block-label').nth(1).dispatchEvent('click');
  const block = page.locator(`[data-testid="unit"][data-kind="block"][data-name="${bb}"]`);
  await expect(block).toHaveCount(1);
  await expect(block).toContainText('units');
  expect((await drawn(page)).length).toBeLessThan(before);
  await expect(page.getByTestId('graph-expand-all')).toBeVisible();
  // Clicking the collapsed block expands it again.
  await block.dispatchEvent('click');
  await expect(block).toHaveCount(0);
  await expect.poll(async () => (await drawn(page)).length).toBe(before);
  expect(app.consoleErrors).toEqual([]);
});

test('zoom and pan survive a tab switch and a recompile', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.pickExample('fir');
  await app.compile();
  await app.view('graph').click();
  const svg = page.getByTestId('graph-svg');
  await page.getByTestId('graph-zoom-in').click();
  await page.getByTestId('graph-zoom-in').click();
  const zoomed = await svg.getAttribute('viewBox');
  await app.view('pipeline').click();
  await app.view('graph').click();
  await expect(svg).toHaveAttribute('viewBox', zoomed);
  await app.compile();
  await expect(svg).toHaveAttribute('viewBox', zoomed);
  expect(app.consoleErrors).toEqual([]);
});

// Screenshots of the Graph tab as it opens (docs/screenshots/ holds committed copies): a small
// kernel, a 300-unit one and a loop nest; the worker's layout time is printed for the docs.
for (const name of ['fir', 'stencil_2d', 'matvec']) {
  test(`the graph of ${name} opens readable`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const app = new AppPage(page);
    await app.open();
    await app.pickExample(name);
    await app.compile();
    await app.view('graph').click();
    await expect(page.getByTestId('unit').first()).toBeVisible();
    // Units are on screen (not an empty corner of the drawing).
    const shown = await page.getByTestId('graph-svg').evaluate((svg) => {
      const box = svg.getBoundingClientRect();
      return [...svg.querySelectorAll('[data-testid="unit"]')].filter((u) => {
        const r = u.getBoundingClientRect();
        return r.right > box.left && r.left < box.right && r.bottom > box.top && r.top < box.bottom;
      }).length;
    });
    expect(shown).toBeGreaterThanOrEqual(5);
    // Labels are at least 11 px tall on screen.
    const height = await page.locator('.unit-name').first().evaluate((e) => e.getBoundingClientRect().height);
    expect(height).toBeGreaterThanOrEqual(11);
    console.log(`${name}: ${await page.getByTestId('graph-summary').textContent()}`);
    await page.screenshot({ path: `${test.info().project.outputDir}/graph-${name}-1440x900.png` });
    expect(app.consoleErrors).toEqual([]);
  });
}
