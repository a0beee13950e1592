// The area view: Yosys (WebAssembly) synthesizes the compiled circuit in the browser on request,
// and the report shows the totals, the paths, a heat map on the circuit and a sortable table.
// Also: the page's initial weight, with Yosys left out until asked for.
import { test, expect } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { AppPage } from '../pages/app-page.mjs';

const isYosys = (url) => /\/yosys\/|synth-worker\.js/.test(url);

test('the initial page stays within 2 MB gzip and loads no part of Yosys', async ({ page }) => {
  const responses = [];
  page.on('response', (r) => responses.push(r));
  const app = new AppPage(page);
  await app.open();
  await app.pickExample('fir');
  await app.compile();
  let gzipBytes = 0;
  for (const r of responses) {
    expect(isYosys(r.url()), r.url()).toBe(false);
    const body = await r.body().catch(() => Buffer.alloc(0));
    gzipBytes += gzipSync(body, { level: 9 }).length;
  }
  expect(responses.some((r) => r.url().endsWith('.wasm'))).toBe(true);
  expect(gzipBytes).toBeLessThanOrEqual(2 * 1024 * 1024);
  expect(app.consoleErrors).toEqual([]);
});

test('the area report of fir: totals, paths, heat map and a sortable table', async ({ page }) => {
  test.setTimeout(240_000);
  const app = new AppPage(page);
  await app.open();
  await app.pickExample('fir');
  await app.compile();
  await app.view('area').click();
  const status = page.getByTestId('area-status');
  await expect(status).toHaveAttribute('data-state', 'idle');
  await page.getByTestId('area-synthesize').click();
  await expect(status).toHaveAttribute('data-state', 'running');
  await expect(status).toHaveAttribute('data-state', 'done', { timeout: 200_000 });

  // The flattened circuit: LUTs and flip-flops, fir's multiplier in DSP slices, no block RAM
  // (the arrays live outside the circuit).
  const total = async (key) => Number(await page.getByTestId(`area-total-${key}`).textContent());
  expect(await total('lut')).toBeGreaterThan(100);
  expect(await total('ff')).toBeGreaterThan(50);
  expect(await total('dsp')).toBeGreaterThan(0);
  expect(await total('bram')).toBe(0);
  await expect(page.getByTestId('area-path')).toHaveText(/(\d+\.\d{3}) ns by Yosys's sta.*(\d+\.\d{3}) ns by the timing model/);
  await expect(page.getByTestId('area-problems').locator('li')).toHaveCount(0);

  // One table row per unit instance of the netlist, and each is a unit of the graph, filled.
  const rows = page.getByTestId('area-row');
  const count = await rows.count();
  expect(count).toBeGreaterThan(20);
  const heat = page.getByTestId('area-heatmap');
  await expect(heat.locator('[data-testid="unit"].heated')).toHaveCount(count);
  for (const name of await rows.evaluateAll((rs) => rs.map((r) => r.dataset.name))) {
    await expect(heat.locator(`[data-testid="unit"][data-name="${name}"]`)).toHaveClass(/heated/);
  }
  // The memory controllers are the largest units of fir (its LUTs, sorted largest first).
  const luts = async () => rows.evaluateAll((rs) => rs.map((r) => Number(r.children[2].textContent)));
  const descending = await luts();
  expect(descending).toEqual([...descending].sort((a, b) => b - a));
  await expect(rows.first()).toHaveAttribute('data-name', /^mem_controller/);
  await page.getByTestId('area-sort-lut').click();
  const ascending = await luts();
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
  // The heat map's caption follows the chosen resource.
  const first = await rows.last().getAttribute('data-name');
  await expect(heat.locator(`[data-testid="unit"][data-name="${first}"] .unit-label`)).toHaveText(/^\d+ LUT$/);
  await page.getByTestId('area-metric').selectOption('ff');
  await expect(heat.locator(`[data-testid="unit"][data-name="${first}"] .unit-label`)).toHaveText(/^\d+ FF$/);
  // A row selects its unit on the heat map.
  await rows.first().click();
  await expect(rows.first()).toHaveClass(/selected/);
  const picked = await rows.first().getAttribute('data-name');
  await expect(heat.locator(`[data-testid="unit"][data-name="${picked}"]`)).toHaveClass(/selected/);
  // The log downloads.
  const download = page.waitForEvent('download');
  await page.getByTestId('area-log').click();
  expect((await download).suggestedFilename()).toBe('fir-yosys.log');
  expect(app.consoleErrors).toEqual([]);
});

test('a synthesis can be cancelled, and recompiling drops the report', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.pickExample('fir');
  await app.compile();
  await app.view('area').click();
  const status = page.getByTestId('area-status');
  await page.getByTestId('area-synthesize').click();
  await expect(status).toHaveAttribute('data-state', 'running');
  await page.getByTestId('area-cancel').click();
  await expect(status).toHaveAttribute('data-state', 'cancelled');
  await expect(page.getByTestId('area-table')).toHaveCount(0);
  await expect(page.getByTestId('area-synthesize')).toBeEnabled();
  await app.compile();
  await expect(status).toHaveAttribute('data-state', 'idle');
  expect(app.consoleErrors).toEqual([]);
});
