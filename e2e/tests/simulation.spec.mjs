// The simulation view: fir (a loop kernel) runs to the end in the worker, its outputs match the
// interpreter and its cycle count is the one `rivulet sim` prints for the same kernel (the CLI
// from $RIVULET_CLI or target/debug/rivulet, which scripts/test.sh builds; the native test
// view_corpus asserts the same equality for every example). The VCD download holds the run.
import { test, expect } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { AppPage } from '../pages/app-page.mjs';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const CLI = process.env.RIVULET_CLI || path.join(ROOT, 'target', 'debug', 'rivulet');

test('fir simulates to the end: the check passes, the cycles are rivulet sim\'s', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.pickExample('fir');
  await app.compile();
  await app.view('simulation').click();
  await page.getByTestId('sim-run').click();
  const check = page.getByTestId('sim-check');
  await expect(check).toHaveAttribute('data-passed', 'true', { timeout: 60000 });
  await expect(check).toContainText('PASS');
  const cycles = Number(await page.getByTestId('sim-cycles').getAttribute('data-cycles'));
  expect(cycles).toBeGreaterThan(64); // N = 64 iterations of at least one cycle each
  await expect(page.getByTestId('sim-report')).toContainText(/loop at bb\d+ \(control_merge\d+\): \d+ header tokens, II = \d+/);

  // Stepping and jumping move the counter; channels take the cycle's handshake states.
  const counter = page.getByTestId('sim-cycle');
  await expect(counter).toHaveAttribute('data-cycle', '0');
  await page.getByTestId('sim-step').click();
  await expect(counter).toHaveAttribute('data-cycle', '1');
  const jump = page.getByTestId('sim-jump');
  await jump.fill('999999');
  await jump.dispatchEvent('change');
  await expect(counter).toHaveAttribute('data-cycle', String(cycles - 1));
  await page.getByTestId('sim-start').click();
  await expect(counter).toHaveAttribute('data-cycle', '0');
  let transfers = 0;
  for (let c = 0; c < 12 && transfers === 0; c++) {
    await page.getByTestId('sim-step').click();
    transfers = await page.locator('.channels .channel.st-transfer').count();
  }
  expect(transfers).toBeGreaterThan(0);
  // Every transfer carries a token marker with its value, travelling along its channel.
  const tokens = page.getByTestId('token');
  await expect(page.getByTestId('sim-transfers')).toHaveText(`${await tokens.count()} transfers`);
  expect(await tokens.count()).toBeGreaterThan(0);
  const value = await tokens.first().getAttribute('data-value');
  await expect(tokens.first()).toContainText(value);

  // Run plays to the last cycle at the fastest speed and stops there.
  await page.getByTestId('sim-speed').selectOption('1024');
  await page.getByTestId('sim-play').click();
  await expect(counter).toHaveAttribute('data-cycle', String(cycles - 1), { timeout: 15000 });
  await expect(page.getByTestId('sim-play')).toHaveText('Run');

  // The VCD covers the same cycles.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('sim-vcd').click()]);
  expect(download.suggestedFilename()).toBe('fir.vcd');
  const vcd = fs.readFileSync(await download.path(), 'utf8');
  expect(vcd).toContain('$scope module fir $end');
  const stamps = vcd.match(/^#\d+$/gm);
  expect(Number(stamps[stamps.length - 1].slice(1))).toBe(cycles * 10);

  // The command line's simulator counts the same cycles.
  if (fs.existsSync(CLI)) {
    const out = execFileSync(CLI, ['sim', path.join(ROOT, 'tests/kernels/fir/fir.c')], { encoding: 'utf8' });
    const cli = Number(out.match(/finished in (\d+) cycles/)[1]);
    expect(cycles).toBe(cli);
  } else {
    test.info().annotations.push({ type: 'skipped', description: `no CLI at ${CLI}: compared with the VCD only` });
  }
  expect(app.consoleErrors).toEqual([]);
});

test('tokens travel, the keyboard drives the replay, waveforms show a unit\'s channels', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.pickExample('vector_add');
  await app.compile();
  await app.view('simulation').click();
  await page.getByTestId('sim-run').click();
  await expect(page.getByTestId('sim-check')).toHaveAttribute('data-passed', 'true', { timeout: 60000 });
  await expect(page.getByTestId('state-key')).toContainText('stall');
  const counter = page.getByTestId('sim-cycle');
  // Arrow keys step, space runs and pauses (the page has the keyboard, not a field).
  await page.locator('body').click({ position: { x: 2, y: 2 } });
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveAttribute('data-cycle', '6');
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveAttribute('data-cycle', '5');
  // Find a cycle with tokens: a marker moves along its wire.
  let moving = 0;
  for (let c = 0; c < 40 && moving === 0; c++) {
    await page.keyboard.press('ArrowRight');
    moving = await page.getByTestId('token').count();
  }
  expect(moving).toBeGreaterThan(0);
  const first = page.getByTestId('token').first();
  const start = await first.boundingBox();
  await page.waitForTimeout(300);
  const later = await first.boundingBox();
  expect(Math.hypot(later.x - start.x, later.y - start.y)).toBeGreaterThan(1);
  await page.keyboard.press(' ');
  await expect(page.getByTestId('sim-play')).toHaveText('Pause');
  await page.keyboard.press(' ');
  await expect(page.getByTestId('sim-play')).toHaveText('Run');

  // Run until: a cycle, a number of handshakes (the worker finds the cycle), the end.
  await page.getByTestId('run-until-kind').selectOption('cycle');
  await page.getByTestId('run-until-amount').fill('40');
  await page.getByTestId('run-until-amount').dispatchEvent('change');
  await page.getByTestId('run-until-go').click();
  await expect(counter).toHaveAttribute('data-cycle', '40', { timeout: 15000 });
  await expect(page.getByTestId('sim-play')).toHaveText('Run');
  await page.getByTestId('run-until-kind').selectOption('transfers');
  await page.getByTestId('run-until-amount').fill('25');
  await page.getByTestId('run-until-amount').dispatchEvent('change');
  await page.getByTestId('run-until-go').click();
  await expect.poll(async () => Number(await counter.getAttribute('data-cycle')), { timeout: 15000 }).toBeGreaterThan(40);
  await expect(page.getByTestId('sim-play')).toHaveText('Run', { timeout: 15000 });
  await page.getByTestId('run-until-kind').selectOption('end');
  await page.getByTestId('sim-speed').selectOption('1024');
  await page.getByTestId('run-until-go').click();
  const lastCycle = Number(await page.getByTestId('sim-cycles').getAttribute('data-cycles')) - 1;
  await expect(counter).toHaveAttribute('data-cycle', String(lastCycle), { timeout: 15000 });

  // Follow the tokens: zoomed in far, the view moves to where the tokens are.
  await page.getByTestId('sim-start').click();
  for (let i = 0; i < 8; i++) await page.getByTestId('graph-zoom-in').click();
  await page.getByTestId('sim-follow').check();
  const svg = page.getByTestId('graph-svg');
  const before = await svg.getAttribute('viewBox');
  let followed = false;
  for (let c = 0; c < 60 && !followed; c++) {
    await page.getByTestId('sim-step').click();
    followed = (await svg.getAttribute('viewBox')) !== before;
  }
  expect(followed).toBe(true);
  await page.getByTestId('sim-follow').uncheck();

  // Waveforms: a hint, then the selected unit's channels with valid, ready and data.
  await expect(page.getByTestId('waveform-hint')).toBeVisible();
  const adder = page.locator('[data-testid="unit"][data-kind="arithmetic"]').first();
  await adder.dispatchEvent('click');
  const rows = page.getByTestId('waveform-channel');
  expect(await rows.count()).toBeGreaterThanOrEqual(3);
  await expect(rows.first()).toContainText('valid');
  await expect(page.locator('.wave-data').first()).toBeVisible();
  // Clicking a cycle in the strip shows it.
  await page.locator('.wave-cell').nth(2).click();
  const shown = Number(await counter.getAttribute('data-cycle'));
  await expect(page.locator('.wave-cell.now')).toHaveCount(1);
  expect(shown).toBeGreaterThanOrEqual(0);
  expect(app.consoleErrors).toEqual([]);
});
