// Reading the circuit: one glyph per unit family (and the legend listing them), the hardware
// view's port roles and connections, critical paths marked on the graph, and walking the
// graph from the keyboard.
import { test, expect } from '@playwright/test';
import { AppPage } from '../pages/app-page.mjs';

async function compiledGraph(page) {
  const app = new AppPage(page);
  await app.open();
  await app.pickExample('fir');
  await app.compile();
  await app.view('graph').click();
  await page.getByTestId('graph-fit').click();
  return app;
}

/** The drawing of a unit's glyph: its elements' tags and their point counts. */
async function glyphOf(unit) {
  return unit.evaluate((g) =>
    [...g.querySelectorAll('.unit-body, .unit-mark')]
      .map((e) => `${e.tagName}:${(e.getAttribute('points') || '').trim().split(/\s+/).length}`)
      .join(' '));
}

test('forks and branches have different glyphs; the legend lists every family', async ({ page }) => {
  const app = await compiledGraph(page);
  const fork = page.locator('[data-testid="unit"][data-glyph="fork"]').first();
  const branch = page.locator('[data-testid="unit"][data-glyph="branch"]').first();
  const [f, b] = [await glyphOf(fork), await glyphOf(branch)];
  expect(f).toContain('polygon:4');
  expect(b).toContain('polygon:5');
  expect(f).not.toBe(b);
  // Buffers of different types are drawn differently too.
  const kinds = await page.locator('[data-testid="unit"][data-kind="buffer"]').evaluateAll((us) =>
    [...new Set(us.map((u) => u.getAttribute('data-glyph')))]);
  expect(kinds.length).toBeGreaterThan(0);
  await app.legendToggle.click();
  const rows = page.getByTestId('legend-unit');
  for (const glyph of ['fork', 'lazy_fork', 'join', 'merge', 'control_merge', 'mux', 'branch', 'select',
    'arithmetic', 'compare', 'load', 'store', 'mem_controller', 'lsq', 'buffer_dv', 'buffer_r', 'buffer_dvr',
    'fifo_dv', 'fifo_none', 'shift_reg', 'source', 'sink', 'constant', 'argument', 'end']) {
    const row = page.locator(`[data-testid="legend-unit"][data-glyph="${glyph}"]`);
    await expect(row, glyph).toHaveCount(1);
    await expect(row.locator('svg .unit-body'), glyph).not.toHaveCount(0);
  }
  // Each row explains its glyph with the units' own sentence.
  await expect(page.locator('[data-testid="legend-unit"][data-glyph="branch"]'))
    .toContainText('true or the false output');
  await expect(page.locator('[data-testid="legend-unit"][data-glyph="buffer_r"]'))
    .toContainText('breaks the ready path');
  for (const k of kinds) {
    await expect(page.locator(`[data-testid="legend-unit"][data-glyph="${k}"]`), k).toHaveCount(1);
  }
  expect(await rows.count()).toBeGreaterThanOrEqual(25);
  expect(app.consoleErrors).toEqual([]);
});

test("the hardware view shows a mux's select and walks to the connected unit", async ({ page }) => {
  const app = await compiledGraph(page);
  const mux = page.locator('[data-testid="unit"][data-kind="mux"]').first();
  const name = await mux.getAttribute('data-name');
  await mux.dispatchEvent('click');
  await app.view('hardware').click();
  await expect(page.getByTestId('hw-head')).toContainText(name);
  await expect(page.locator('[data-testid="hw-port-role"]', { hasText: 'select' }).first()).toBeVisible();
  const select = page.locator('[data-testid="hw-link-row"][data-role="select"]');
  await expect(select).toHaveCount(1);
  await expect(select).toContainText('in 0 (select)');
  const link = select.getByTestId('hw-link');
  const other = await link.getAttribute('data-unit');
  expect(other).not.toBe(name);
  await link.click();
  await expect(page.getByTestId('hw-head')).toContainText(other);
  await expect(page.getByTestId('hw-unit')).toHaveValue(other);
  // Back along one of its outputs to the mux.
  const back = page.locator(`[data-testid="hw-link-row"][data-operand="false"] [data-testid="hw-link"][data-unit="${name}"]`);
  await expect(back.first()).toBeVisible();
  await back.first().click();
  await expect(page.getByTestId('hw-head')).toContainText(name);
  expect(app.consoleErrors).toEqual([]);
});

test('"Show on graph" marks the critical path until cleared', async ({ page }) => {
  const app = await compiledGraph(page);
  await app.view('buffers').click();
  const data = page.getByTestId('path-data');
  await expect(data).toContainText(/Critical data\/valid path: \d+\.\d+ ns through \d+ units/);
  const steps = data.getByTestId('path-step');
  const count = await steps.count();
  expect(count).toBeGreaterThanOrEqual(2);
  const names = await steps.evaluateAll((rows) => rows.map((r) => r.querySelector('td').textContent));
  await data.getByTestId('show-on-graph').click();
  await expect(page.getByTestId('graph-svg')).toBeVisible();
  await expect(page.getByTestId('graph-critical')).toContainText('Critical path shown');
  const marked = page.locator('[data-testid="unit"].critical');
  await expect(marked).toHaveCount(new Set(names).size);
  for (const n of names) {
    await expect(page.locator(`[data-testid="unit"][data-name="${n}"]`)).toHaveClass(/critical/);
  }
  expect(await page.locator('[data-testid="channel"].critical').count()).toBeGreaterThanOrEqual(1);
  await page.getByTestId('graph-critical-clear').click();
  await expect(marked).toHaveCount(0);
  await expect(page.locator('[data-testid="channel"].critical')).toHaveCount(0);
  expect(app.consoleErrors).toEqual([]);
});

test('arrow keys walk the graph along channels; Enter selects, Escape clears', async ({ page }) => {
  const app = await compiledGraph(page);
  const svg = page.getByTestId('graph-svg');
  const focus = page.getByTestId('graph-focus');
  const focused = page.locator('[data-testid="unit"].focused');
  // The walk starts from the selected unit: a fork.
  const fork = page.locator('[data-testid="unit"][data-glyph="fork"]').first();
  const start = await fork.getAttribute('data-name');
  await fork.dispatchEvent('click');
  await svg.focus();
  await page.keyboard.press('ArrowDown');
  await expect(focused).toHaveCount(1);
  await expect(focused).not.toHaveAttribute('data-name', start);
  const next = await focused.getAttribute('data-name');
  // The move took an output channel of the fork into the next unit, and says so.
  await expect(focus).toContainText(`${next} (`);
  await expect(focus).toContainText('; input %');
  await expect(focus).toContainText(`with ${start}`);
  // Up walks back along the same channel; Right picks another of the fork's channels.
  await page.keyboard.press('ArrowUp');
  await expect(focused).toHaveAttribute('data-name', start);
  await expect(focus).toContainText(`${start} (`);
  await expect(focus).toContainText(`; output %`);
  const before = await focus.textContent();
  await page.keyboard.press('ArrowRight');
  await expect(focused).toHaveAttribute('data-name', start);
  await expect(focus).not.toHaveText(before);
  // Enter selects the focused unit; Escape clears focus and selection.
  await page.keyboard.press('ArrowDown');
  const last = await focused.getAttribute('data-name');
  await page.keyboard.press('Enter');
  await expect(page.locator(`[data-testid="unit"][data-name="${last}"]`)).toHaveClass(/selected/);
  await page.keyboard.press('Escape');
  await expect(focused).toHaveCount(0);
  await expect(page.locator('[data-testid="unit"].selected')).toHaveCount(0);
  expect(app.consoleErrors).toEqual([]);
});
