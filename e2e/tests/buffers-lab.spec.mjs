// The buffers lab: "none" places no buffer and the loop kernel deadlocks (shown on the
// graph); a second configuration compiles and simulates beside the shown one, with the
// buffers one has and the other lacks marked on both graphs.
import { test, expect } from '@playwright/test';
import { AppPage } from '../pages/app-page.mjs';

test('without buffers a loop kernel deadlocks, and the simulation shows where', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.pickExample('fir');
  await app.option('buffers').selectOption('none');
  await app.compile();
  await app.view('simulation').click();
  await page.getByTestId('sim-run').click();
  const check = page.getByTestId('sim-check');
  await expect(check).toHaveAttribute('data-passed', 'false', { timeout: 60000 });
  await expect(check).toContainText('deadlock');
  await page.getByTestId('sim-end').click();
  expect(await page.locator('.unit.deadlock').count()).toBeGreaterThan(0);
  expect(await page.locator('.channels .channel.deadlock').count()).toBeGreaterThan(0);
  expect(app.consoleErrors).toEqual([]);
});

test('two configurations side by side: numbers, simulations and the buffers that differ', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.pickExample('fir');
  await app.compile();
  await app.view('buffers').click();
  await page.getByTestId('compare-buffers').selectOption('none');
  await page.getByTestId('compare-run').click();
  const table = page.getByTestId('compare-table');
  await expect(table).toContainText('on-merges at 4 ns');
  await expect(table).toContainText('none at 4 ns');
  await expect(page.getByTestId('compare-cycles-left')).toContainText('finished, outputs match', { timeout: 60000 });
  await expect(page.getByTestId('compare-cycles-right')).toContainText('deadlock', { timeout: 60000 });
  const diff = page.getByTestId('compare-diff');
  expect(Number(await diff.getAttribute('data-removed'))).toBeGreaterThan(0);
  await expect(diff).toHaveAttribute('data-added', '0');
  await expect(page.getByTestId('compare-left').locator('.unit.heated')).toHaveCount(Number(await diff.getAttribute('data-removed')));

  await page.getByTestId('compare-buffers').selectOption('fpga20');
  await page.getByTestId('compare-run').click();
  await expect(table).toContainText('fpga20 at 4 ns');
  await expect(page.getByTestId('compare-cycles-right')).toContainText('outputs match', { timeout: 60000 });
  await expect(table).toContainText('II');
  const added = Number(await diff.getAttribute('data-added'));
  const removed = Number(await diff.getAttribute('data-removed'));
  expect(added + removed).toBeGreaterThan(0);
  await expect(page.getByTestId('compare-right').locator('.unit.heated')).toHaveCount(added);

  // Editing the code makes the comparison out of date.
  await app.editor.press('End');
  await app.editor.pressSequentially(' ');
  await app.compile();
  await expect(page.getByTestId('compare-stale')).toBeVisible();
  expect(app.consoleErrors).toEqual([]);
});
