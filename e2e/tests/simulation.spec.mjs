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
    transfers = await page.locator('.channel.st-transfer').count();
  }
  expect(transfers).toBeGreaterThan(0);
  expect(await page.locator('.channel .token').count()).toBeGreaterThan(0);

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
