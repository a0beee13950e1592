// Share links: round trip into a fresh page, links that open compiled, malformed links, script payloads.
import { test, expect } from '@playwright/test';
import { AppPage } from '../pages/app-page.mjs';

test('a share link restores sources and options in a fresh page', async ({ browser }) => {
  const first = await browser.newPage();
  const app = new AppPage(first);
  await app.open();
  await app.pickExample('matvec');
  await app.tab(1).click();
  await app.editor.fill('#define N 16\n// edited é\n');
  await app.option('buffers').selectOption('fpl22');
  await app.option('clock').fill('5.5');
  await app.option('clock').press('Enter');
  await app.option('hdl').selectOption('verilog');
  await app.option('memory').selectOption('lsq');
  await app.view('graph').click();
  await app.shareButton.click();
  const link = await app.shareUrl.inputValue();
  expect(link).toMatch(/#v4\./);
  expect(app.consoleErrors).toEqual([]);

  const second = await browser.newPage();
  const again = new AppPage(second);
  await second.goto(link);
  await again.version.waitFor();
  await expect(again.tab(0)).toHaveText('matvec.c');
  await again.tab(1).click();
  await expect(again.editor).toHaveValue('#define N 16\n// edited é\n');
  await expect(again.option('buffers')).toHaveValue('fpl22');
  await expect(again.option('clock')).toHaveValue('5.5');
  await expect(again.option('hdl')).toHaveValue('verilog');
  await expect(again.option('memory')).toHaveValue('lsq');
  await expect(again.view('graph')).toHaveAttribute('aria-selected', 'true');
  await expect(again.loadMessage).toHaveCount(0);
  expect(again.consoleErrors).toEqual([]);
});

test('a link opens compiled: its view shows the circuit without pressing Compile', async ({ browser }) => {
  const first = await browser.newPage();
  const app = new AppPage(first);
  await app.open();
  await app.pickExample('gcd');
  await app.option('buffers').selectOption('fpga20');
  await app.view('graph').click();
  await app.shareButton.click();
  const link = await app.shareUrl.inputValue();

  const second = await browser.newPage();
  const again = new AppPage(second);
  await second.goto(link);
  await second.getByTestId('progress').and(second.locator('[data-state="done"]')).waitFor();
  await expect(again.view('graph')).toHaveAttribute('aria-selected', 'true');
  await expect(second.getByTestId('graph-summary')).toContainText('units');
  expect(await second.getByTestId('unit').count()).toBeGreaterThan(10);
  expect(again.consoleErrors).toEqual([]);
});

test('a malformed link shows a message and the default example', async ({ page }) => {
  const app = new AppPage(page);
  await app.open('#v1.this-is-not-a-link');
  await expect(app.loadMessage).toContainText('could not be opened');
  await expect(app.editor).toHaveValue(/CALL_KERNEL\(fir/);
  await page.getByTestId('dismiss-notice').click();
  await expect(app.loadMessage).toHaveCount(0);
  await app.open('#v7.abc');
  await expect(app.loadMessage).toContainText('version 7');
  expect(app.consoleErrors).toEqual([]);
});

test('script payloads in a link show as text and run nothing', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  const payload = '<script>window.__pwned = 1</script>\n<img src=x onerror="window.__pwned = 2">\n';
  await app.editor.fill(payload);
  await app.shareButton.click();
  const link = await app.shareUrl.inputValue();

  const fresh = await page.context().newPage();
  const again = new AppPage(fresh);
  await fresh.goto(link);
  await again.version.waitFor();
  await expect(again.editor).toHaveValue(payload);
  await expect(again.highlight).toContainText('<img src=x onerror=');
  expect(await fresh.locator('img').count()).toBe(0);
  // Compiling echoes the source in diagnostics and the pipeline: still text only.
  await again.compile();
  await expect(again.diagnostics.locator('.diag-error').first()).toBeVisible();
  await again.pass('front-end').waitFor();
  expect(await fresh.locator('body img, body script').count()).toBe(0);
  expect(await fresh.evaluate(() => window.__pwned)).toBeUndefined();
  expect(again.consoleErrors).toEqual([]);
});
