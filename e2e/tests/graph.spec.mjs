// The graph view (the buffered circuit, laid out) and the hardware view of a selected unit.
// Unit counts are checked against the buffered Handshake IR the pipeline view shows.
import { test, expect } from '@playwright/test';
import { AppPage } from '../pages/app-page.mjs';

/** The buffered IR's op count (every op carries a unique `handshake.name`) and argument count. */
async function countFromIr(app) {
  await app.view('pipeline').click();
  await app.page.locator('[data-testid="pass"][data-group="buffers"]').click();
  const ir = await app.irText.textContent();
  const ops = (ir.match(/handshake\.name = "/g) || []).length;
  const names = ir.match(/argNames = \[([^\]]*)\]/);
  const args = names ? (names[1].match(/"[^"]*"/g) || []).length : 0;
  return { ops, args };
}

test('the graph draws every unit of the buffered circuit; hover and select work', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.pickExample('fir');
  await app.compile();
  const { ops, args } = await countFromIr(app);
  expect(ops).toBeGreaterThan(20);
  await app.view('graph').click();
  const units = page.getByTestId('unit');
  await expect(units).toHaveCount(ops + args);
  await expect(page.locator('[data-testid="unit"]:not([data-kind="argument"])')).toHaveCount(ops);
  await expect(page.locator('[data-testid="unit"][data-kind="argument"]')).toHaveCount(args);
  await expect(page.getByTestId('graph-summary')).toContainText(`${ops + args} units`);
  for (const kind of ['fork', 'mux', 'control_merge', 'branch', 'arithmetic', 'memory', 'buffer']) {
    expect(await page.locator(`[data-testid="unit"][data-kind="${kind}"]`).count(), kind).toBeGreaterThan(0);
  }
  await expect(page.getByTestId('block').first()).toBeVisible();
  // Control channels are dashed, loops have back edges.
  expect(await page.locator('.channel.control').count()).toBeGreaterThan(0);
  expect(await page.locator('.channel.back').count()).toBeGreaterThan(0);
  // Hovering a channel shows its full type.
  await page.getByTestId('graph-fit').click();
  await page.locator('.channel .hit').first().dispatchEvent('mouseenter');
  await expect(page.getByTestId('graph-hover')).toHaveText(/^%\S+: (channel<[^>]+>|control|memref<[^>]+>)/);
  // Zoom changes the view box; Fit restores it.
  const svg = page.getByTestId('graph-svg');
  const fitted = await svg.getAttribute('viewBox');
  await page.getByTestId('graph-zoom-in').click();
  expect(await svg.getAttribute('viewBox')).not.toBe(fitted);
  await page.getByTestId('graph-fit').click();
  expect(await svg.getAttribute('viewBox')).toBe(fitted);
  // Selecting a unit highlights it and exactly its channels.
  const mux = page.locator('[data-testid="unit"][data-kind="mux"]').first();
  await mux.dispatchEvent('click');
  await expect(mux).toHaveClass(/selected/);
  // A mux has a select input, two data inputs and one output.
  expect(await page.locator('.channel.hl').count()).toBeGreaterThanOrEqual(4);
  expect(app.consoleErrors).toEqual([]);
});

test('ports say their role and units explain themselves', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.pickExample('fir');
  await app.compile();
  await app.view('graph').click();
  // A loop: its branches mark their true and false outputs, its muxes their select input.
  const roles = page.getByTestId('port-role');
  await expect(page.locator('[data-testid="port-role"][data-role="true"]').first()).toHaveText('T');
  await expect(page.locator('[data-testid="port-role"][data-role="false"]').first()).toHaveText('F');
  await expect(page.locator('[data-testid="port-role"][data-role="select"]').first()).toHaveText('sel');
  expect(await roles.count()).toBeGreaterThan(4);
  const branch = page.locator('[data-testid="unit"][data-kind="branch"]').first();
  await expect(branch.locator('title')).toContainText(/true or the false output|passes its token on/);
  const buffer = page.locator('[data-testid="unit"][data-kind="buffer"]').first();
  await expect(buffer.locator('title')).toContainText(/breaks .* holds 1 token/);
  expect(app.consoleErrors).toEqual([]);
});

test('the hardware view of a fork: ready wires point against valid', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.pickExample('fir');
  await app.compile();
  await app.view('graph').click();
  const fork = page.locator('[data-testid="unit"][data-kind="fork"]').first();
  const name = await fork.getAttribute('data-name');
  await fork.dispatchEvent('click');
  await app.view('hardware').click();
  await expect(page.getByTestId('hw-head')).toContainText(name);
  const ports = page.getByTestId('hw-port');
  const count = await ports.count();
  // A fork of n outputs : valid and ready (and data, unless it forks a control token) per input and output.
  expect(count).toBeGreaterThanOrEqual(6);
  const arrows = {};
  for (let i = 0; i < count; i++) {
    const p = ports.nth(i);
    const channel = await p.getAttribute('data-channel');
    const role = await p.getAttribute('data-role');
    arrows[channel] = { ...(arrows[channel] || {}), [role]: await p.getAttribute('data-arrow') };
  }
  expect(Object.keys(arrows).length).toBeGreaterThanOrEqual(3);
  for (const [channel, a] of Object.entries(arrows)) {
    expect(a.valid, channel).toBe('right');
    expect(a.ready, channel).toBe('left');
    if (a.data) expect(a.data, channel).toBe(a.valid);
  }
  await expect(page.locator('[data-testid="hw-port-row"][data-role="ready"][data-dir="out"]')).toHaveCount(1);
  await expect(page.getByTestId('hw-text')).toContainText(`hw.module @${name}(`);
  await expect(page.getByTestId('hw-text')).toContainText('synth.subckt "fork"');
  expect(app.consoleErrors).toEqual([]);
});
