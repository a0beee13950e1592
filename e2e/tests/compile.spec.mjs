// Compiling runs in a Web Worker: Ctrl+Enter sends a request, progress shows, it completes;
// a request can be cancelled while the worker starts.
import { test, expect } from '@playwright/test';
import { AppPage } from '../pages/app-page.mjs';

test('Ctrl+Enter compiles in the worker and reports progress', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await expect(app.progress).toHaveAttribute('data-state', 'idle');
  await app.compileWithShortcut();
  await expect(app.progress).toHaveAttribute('data-state', 'done');
  await expect(app.progress).toContainText(/Done in \d+ ms by Rivulet/);
  await expect(app.progress).toContainText(/\d+ passes/);
  await expect(app.progressLog).toContainText('front-end');
  await expect(app.progressLog).toContainText('materialize');
  await expect(page.getByTestId('stage-cfg')).toContainText(/\d+ passes · [\d.]+ ms/);
  // A second compile reuses the running worker.
  await app.compileButton.click();
  await expect(app.progress).toHaveAttribute('data-state', 'done');
  expect(app.consoleErrors).toEqual([]);
});

test('a compile can be cancelled, and the next one works', async ({ page }) => {
  const app = new AppPage(page);
  let release;
  const gate = new Promise((resolve) => { release = resolve; });
  // Hold the worker's script so the request stays in flight.
  await page.route('**/rivulet-worker_loader.js', async (route) => {
    await gate;
    // The cancelled worker's request may be gone by now.
    await route.continue().catch(() => {});
  });
  await app.open();
  await app.compileButton.click();
  await expect(app.progress).toHaveAttribute('data-state', 'running');
  await expect(app.progress).toContainText('Starting the compiler');
  await app.cancelButton.click();
  await expect(app.progress).toHaveAttribute('data-state', 'cancelled');
  release();
  await page.unroute('**/rivulet-worker_loader.js');
  await app.compileButton.click();
  await expect(app.progress).toHaveAttribute('data-state', 'done');
});

test('a long compile can be cancelled while it runs; the next one works', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  // `main` spins the interpreter for a long time: the golden run is the slow stage.
  await app.editor.fill([
    '#include "dynamatic/Integration.h"',
    'unsigned spin(unsigned n) {',
    '  unsigned s = 0;',
    '  for (unsigned i = 0; i < n; i++) s += i;',
    '  return s;',
    '}',
    'int main(void) {',
    '  for (unsigned k = 0; k < 80; k++) CALL_KERNEL(spin, 1000000u);',
    '  return 0;',
    '}',
    ''].join('\n'));
  await app.tab(0).dblclick();
  await page.getByTestId('rename-input').fill('spin.c');
  await page.getByTestId('rename-input').press('Enter');
  await app.compileButton.click();
  await expect(app.progress).toContainText('Compiling: interpret');
  await app.cancelButton.click();
  await expect(app.progress).toHaveAttribute('data-state', 'cancelled');
  await expect(app.progress).toHaveText('Cancelled.');
  await app.pickExample('gcd');
  await app.compileButton.click();
  await expect(app.progress).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId('stage-rtl')).toContainText('passes');
  expect(app.consoleErrors).toEqual([]);
});
