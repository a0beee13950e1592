// The real compiler in the worker: an example through every pass, diagnostics at their line,
// and the RTL zip download (the same bytes as the CLI's when the CLI is built).
import { test, expect } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { AppPage } from '../pages/app-page.mjs';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

test('an example compiles through every pass; a pass shows its IR', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.pickExample('gcd');
  await app.compile();
  await expect(app.diagnostics.locator('.diag-error')).toHaveCount(0);
  for (const group of ['c', 'cfg', 'golden', 'handshake', 'buffers', 'hw', 'synth', 'rtl']) {
    await expect(page.getByTestId(`stage-${group}`)).toContainText(/\d+ pass(es)? · [\d.]+ ms/);
  }
  expect(await app.passes.count()).toBeGreaterThan(20);
  for (const name of ['front-end', 'ssa', 'licm', 'cf-to-handshake', 'materialize', 'buffers-on-merges', 'hw', 'split-bits']) {
    await expect(app.pass(name)).toHaveCount(1);
  }
  await app.pass('materialize').click();
  await expect(page.getByTestId('ir-title')).toHaveText('after materialize');
  await expect(app.irText).toContainText('handshake.func @gcd');
  await app.pass('front-end').click();
  await expect(app.irText).toContainText('CALL_KERNEL(gcd');
  await app.view('buffers').click();
  await expect(page.getByTestId('buffers-algorithm')).toHaveText('on-merges');
  await expect(page.getByTestId('buffers-count')).toHaveText(/^[1-9]\d*$/);
  // gcd's loop (compare, subtract, select behind merges) is longer than 4 ns without cuts.
  await expect(page.getByTestId('buffers-critical-path')).toHaveText(/^\d+\.\d{3} ns \(misses the clock period\)$/);
  await expect(page.getByTestId('buffers-milp')).toContainText('no MILP');
  // The options reach the driver: the MILP placement runs in the worker and reports its model.
  await app.option('buffers').selectOption('fpga20');
  await app.compile();
  await expect(page.getByTestId('buffers-algorithm')).toHaveText('fpga20');
  await expect(page.getByTestId('buffers-substituted')).toHaveCount(0);
  // FPGA20 times data paths only (as the reference compiler's does): its data path meets the
  // clock period, the data/valid path it does not constrain is reported beside it.
  await expect(page.getByTestId('buffers-data-path')).toHaveText(/^[0-3]\.\d{3} ns \(meets the clock period\)$/);
  await expect(page.getByTestId('buffers-critical-path')).toHaveText(/^\d+\.\d{3} ns \((meets|misses) the clock period\)$/);
  await expect(page.getByTestId('buffers-timing')).toContainText('built-in');
  await expect(page.getByTestId('buffers-milp')).toContainText(/[1-9]\d* variables \(\d+ integer\), [1-9]\d* constraints/);
  // The status says in words how the search ended.
  await expect(page.getByTestId('buffers-status')).toHaveText(
    /^(optimal: the objective meets the proven bound|(feasible|limit reached): (the node budget stopped the search after \d+ nodes|search skipped for .* above the search limit of 1e6, so the greedy placement stands).*) \(solution from (greedy|dive|improvement|search)\)$/);
  await expect(page.getByTestId('buffers-throughput').locator('tbody tr')).not.toHaveCount(0);
  await expect(page.getByTestId('download-lp').first()).toBeVisible();
  // FPL22 breaks ready paths too: both paths meet the clock period.
  await app.option('buffers').selectOption('fpl22');
  await app.compile();
  await expect(page.getByTestId('buffers-algorithm')).toHaveText('fpl22');
  await expect(page.getByTestId('buffers-critical-path')).toHaveText(/^[0-3]\.\d{3} ns \(meets the clock period\)$/);
  await expect(page.getByTestId('buffers-ready-path')).toHaveText(/^[0-3]\.\d{3} ns \(meets the clock period\)$/);
  expect(app.consoleErrors).toEqual([]);
});

test('a syntax error shows at its line, in the list and in the gutter', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.pickExample('gcd');
  const source = await app.editor.inputValue();
  const lines = source.split('\n');
  const at = lines.findIndex((l) => l.includes('return')) ;
  lines[at] = lines[at].replace(';', ' +;');
  await app.editor.fill(lines.join('\n'));
  await app.compileWithShortcut();
  await expect(app.progress).toHaveAttribute('data-state', 'done');
  const line = at + 1;
  await expect(app.diagnostics.locator('.diag-error').first()).toContainText(`gcd.c:${line}:`);
  await expect(page.locator('.ln-error')).toHaveText(String(line));
  await expect(page.locator('.mark-error').first()).toBeAttached();
  await expect(page.getByTestId('stage-cfg')).toContainText('did not run');
  expect(app.consoleErrors).toEqual([]);
});

test('Download zip saves the RTL bundle: top level, testbench, the CLI\'s bytes', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.pickExample('fir');
  await app.compile();
  await app.view('rtl').click();
  await expect(page.getByTestId('rtl-summary')).toContainText('top fir · vhdl');
  await expect(page.getByTestId('rtl-file-name')).toHaveText('fir.vhd');
  await page.locator('[data-testid="rtl-file"][data-path="tb_fir.vhd"]').click();
  await expect(page.getByTestId('rtl-text')).toContainText('entity tb_fir');
  const [download] = await Promise.all([page.waitForEvent('download'), app.downloadZip.click()]);
  expect(download.suggestedFilename()).toBe('fir-vhdl.zip');
  const saved = await download.path();
  const listing = execFileSync('unzip', ['-l', saved], { encoding: 'utf8' });
  for (const name of ['fir/fir.vhd', 'fir/tb_fir.vhd', 'fir/run-sim.sh', 'fir/report.txt', 'fir/graph.dot']) {
    expect(listing).toContain(name);
  }
  const cli = path.join(ROOT, 'target', 'debug', 'rivulet');
  if (fs.existsSync(cli)) {
    const out = path.join(test.info().outputDir, 'cli.zip');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    execFileSync(cli, ['compile', 'fir.c', '--hdl', 'vhdl', '--zip', out],
      { cwd: path.join(ROOT, 'tests', 'kernels', 'fir'), stdio: 'ignore' });
    expect(fs.readFileSync(saved).equals(fs.readFileSync(out))).toBe(true);
  }
  expect(app.consoleErrors).toEqual([]);
});
