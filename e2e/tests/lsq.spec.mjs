// Load-store queues in the app: the histogram example compiled with memory = lsq draws its
// queue as its own unit with a line per group (`g0 (bb2): ld st`), the buffers view lists each
// array's interface as `rivulet sim` prints it, and the simulation shows the queue's entries
// cycle by cycle (a cell per entry, its state and the heads), changing as the run steps. The
// memory mode is kept with the saved work.
import { test, expect } from '@playwright/test';
import { AppPage } from '../pages/app-page.mjs';

/** The states of every queue cell, in order, as one string. */
async function cellStates(page) {
  const cells = page.getByTestId('lsq-cell');
  return (await cells.evaluateAll((els) => els.map((e) => `${e.dataset.state}${e.dataset.head === 'true' ? '^' : ''}`))).join(' ');
}

test('histogram with memory = lsq: the queue, its groups, its interface and its entries per cycle', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.pickExample('histogram');
  await app.option('memory').selectOption('lsq');
  await app.compile();

  // The graph: the queue is its own unit, with a line per group naming its block.
  await app.view('graph').click();
  const queue = page.locator('[data-testid="unit"][data-glyph="lsq"]');
  await expect(queue).toHaveCount(1);
  await expect(queue.locator('.unit-label')).toContainText(/^lsq hist · \d+ ld \+ \d+ st$/);
  const groups = queue.getByTestId('lsq-group');
  expect(await groups.count()).toBeGreaterThan(0);
  await expect(groups.first()).toHaveText(/^g0 \(bb\d+\): (ld|st)( (ld|st))*$/);
  // Its ports name their group.
  await expect(page.locator('[data-testid="port-role"][data-role="g0 alloc"]')).toHaveCount(1);

  // The buffers view: each array's interface and why, a queue with its cost.
  await app.view('buffers').click();
  const hist = page.locator('[data-testid="memory-interface"][data-memory="hist"]');
  await expect(hist).toHaveAttribute('data-queue', 'true');
  await expect(hist).toContainText(/^memory hist: load-store queue \(\d+ loads?, \d+ stores? in \d+ groups?; \d+ load \+ \d+ store entries = \d+, \d+ address comparators(; depths sized to the kernel's run of \d+ cycles)?\)$/);

  // The simulation: the queue's entries at the shown cycle, changing as it steps.
  await app.view('simulation').click();
  await page.getByTestId('sim-run').click();
  await expect(page.getByTestId('sim-check')).toHaveAttribute('data-passed', 'true', { timeout: 60000 });
  const cells = page.getByTestId('lsq-queue');
  await expect(cells).toHaveCount(1);
  await expect(page.getByTestId('lsq-loads').getByTestId('lsq-cell').first()).toBeVisible();
  const start = await cellStates(page);
  expect(start).toMatch(/^free\^( free)*( free\^)( free)*$/);
  const seen = new Set([start]);
  for (let c = 0; c < 30; c++) {
    await page.getByTestId('sim-step').click();
    await expect(page.getByTestId('sim-cycle')).toHaveAttribute('data-cycle', String(c + 1));
    seen.add(await cellStates(page));
  }
  expect(seen.size).toBeGreaterThan(3);
  const all = [...seen].join(' ');
  for (const state of ['allocated', 'address', 'data']) expect(all).toContain(state);
  // Stepping back shows the earlier cycle's entries again.
  await page.getByTestId('sim-start').click();
  await expect(page.getByTestId('sim-cycle')).toHaveAttribute('data-cycle', '0');
  expect(await cellStates(page)).toBe(start);

  // The memory mode is kept with the work.
  await page.reload();
  await app.version.waitFor();
  await expect(app.option('memory')).toHaveValue('lsq');
  expect(app.consoleErrors).toEqual([]);
});

test('the queue depth option sets every queue to that depth and is kept with the work', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.pickExample('histogram');
  await app.option('memory').selectOption('token');
  // The depth has no meaning without queues.
  await expect(app.option('lsq-depth')).toBeDisabled();
  await app.option('memory').selectOption('lsq');
  await expect(app.option('lsq-depth')).toBeEnabled();
  await expect(app.option('lsq-depth')).toHaveValue('');
  await app.option('lsq-depth').fill('3');
  await app.option('lsq-depth').dispatchEvent('change');
  await app.compile();

  await app.view('buffers').click();
  const hist = page.locator('[data-testid="memory-interface"][data-memory="hist"]');
  await expect(hist).toContainText(/3 load \+ 3 store entries = 6, 9 address comparators; depths as given\)$/);

  // A depth out of range is not taken; clearing the field sizes the queue on the run again.
  await app.option('lsq-depth').fill('500');
  await app.option('lsq-depth').dispatchEvent('change');
  await expect(app.option('lsq-depth')).toHaveValue('3');
  await page.reload();
  await app.version.waitFor();
  await expect(app.option('lsq-depth')).toHaveValue('3');
  await app.option('lsq-depth').fill('');
  await app.option('lsq-depth').dispatchEvent('change');
  await app.compile();
  await app.view('buffers').click();
  await expect(hist).not.toContainText('depths as given');
  expect(app.consoleErrors).toEqual([]);
});
