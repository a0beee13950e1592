// Ready for class: links that open on the recorded scene (unit, cycle, zoom, presentation),
// work kept across reloads, examples that do not throw edits away, stale results marked,
// files opened and dropped, and pinch zoom on the graph.
import { test, expect } from '@playwright/test';
import { AppPage } from '../pages/app-page.mjs';

test('a link opens compiled on its tab, unit, simulation cycle, zoom and presentation mode', async ({ browser }) => {
  const first = await browser.newPage();
  const app = new AppPage(first);
  await app.open();
  await app.pickExample('gcd');
  await app.option('buffers').selectOption('fpga20');
  await app.compile();
  await app.view('graph').click();
  const unit = first.locator('[data-testid="unit"][data-kind="arithmetic"]').first();
  const name = await unit.getAttribute('data-name');
  // (It may be outside the shown part of the drawing.)
  await unit.dispatchEvent('click');
  await expect(unit).toHaveClass(/selected/);
  await first.getByTestId('graph-zoom-in').click();
  await first.getByTestId('graph-zoom-in').click();
  const viewBox = await first.getByTestId('graph-svg').getAttribute('viewBox');
  await app.view('simulation').click();
  await first.getByTestId('sim-run').click();
  await expect(first.getByTestId('sim-check')).toHaveAttribute('data-passed', 'true', { timeout: 60000 });
  for (let i = 0; i < 5; i++) await first.getByTestId('sim-step').click();
  await expect(first.getByTestId('sim-cycle')).toHaveAttribute('data-cycle', '5');
  // Switching views keeps the zoom and the cycle.
  await app.view('graph').click();
  await expect(first.getByTestId('graph-svg')).toHaveAttribute('viewBox', viewBox);
  await app.view('simulation').click();
  await expect(first.getByTestId('sim-cycle')).toHaveAttribute('data-cycle', '5');
  await first.getByTestId('present').click();
  await app.shareButton.click();
  const link = await app.shareUrl.inputValue();
  expect(link).toMatch(/#v4\./);

  const second = await browser.newPage();
  const again = new AppPage(second);
  await second.goto(link);
  await expect(second.getByTestId('sim-cycle')).toHaveAttribute('data-cycle', '5', { timeout: 60000 });
  await expect(again.view('simulation')).toHaveAttribute('aria-selected', 'true');
  await expect(second.locator(`[data-testid="unit"][data-name="${name}"]`)).toHaveClass(/selected/);
  await expect(second.getByTestId('graph-svg')).toHaveAttribute('viewBox', viewBox);
  expect(await second.evaluate(() => document.documentElement.hasAttribute('data-presenting'))).toBe(true);
  await expect(again.option('buffers')).toHaveValue('fpga20');
  expect(app.consoleErrors).toEqual([]);
  expect(again.consoleErrors).toEqual([]);
});

test('a version 1 link still opens', async ({ page }) => {
  const app = new AppPage(page);
  // Written by an earlier Rivulet (the core's frozen test vector): gcd.c and gcd.h, FPGA20, graph.
  await app.open('#v1.VU9dSsNAEL7KOCJUCG0RCtKQK3gBV2R_ZrOL6yRsN60QcgpfvYDn8CaexFkfqn36fubvmxl9THTA_eOMrF8J99hbt7bYYKG3IvI6sk2TI1C_laBQ8cSH2DM5EGd1FrqBMze3MCsGOAVZDysDVx1sxfvrKNCBhhswrUBXwQiUFpY6l6lMmUG3ikXj0lzEC__iOfKRCR7gHjYb-PqE74_3OvHU4DCWOLA8N6OZvKcsFP3Y67utLLBpsC_PtYy79U6M4JLwI-WYhl70MdKpHsx6DLgsPw');
  await expect(app.tab(0)).toHaveText('gcd.c');
  await expect(app.option('buffers')).toHaveValue('fpga20');
  await expect(app.view('graph')).toHaveAttribute('aria-selected', 'true');
  await expect(app.loadMessage).toHaveCount(0);
  expect(app.consoleErrors).toEqual([]);
});

test('edited code survives a reload; an example picked over it can be undone', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.pickExample('gcd');
  await app.editor.fill('// my kernel, unsaved\nint x;\n');
  await app.option('clock').fill('6');
  await app.option('clock').press('Enter');
  await page.reload();
  await app.version.waitFor();
  await expect(app.editor).toHaveValue('// my kernel, unsaved\nint x;\n');
  await expect(app.tab(0)).toHaveText('gcd.c');
  await expect(app.option('clock')).toHaveValue('6');

  await app.pickExample('fir');
  await expect(app.loadMessage).toContainText('edited code was replaced');
  await expect(app.editor).toHaveValue(/CALL_KERNEL\(fir/);
  await page.getByTestId('undo-example').click();
  await expect(app.editor).toHaveValue('// my kernel, unsaved\nint x;\n');
  await expect(app.tab(0)).toHaveText('gcd.c');
  expect(app.consoleErrors).toEqual([]);
});

test('results go stale when the code changes and follow option changes at once', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.pickExample('gcd');
  await app.compile();
  await app.view('buffers').click();
  await expect(page.getByTestId('stale')).toHaveCount(0);
  for (const [option, value] of [['buffers', 'fpga20'], ['hdl', 'verilog'], ['clock', '5']]) {
    await app.progress.evaluate((el) => el.setAttribute('data-state', 'stale'));
    if (option === 'clock') {
      await app.option(option).fill(value);
      await app.option(option).press('Enter');
    } else {
      await app.option(option).selectOption(value);
    }
    // The change recompiles: the buffers view reports the new options.
    await page.getByTestId('progress').and(page.locator('[data-state="done"]')).waitFor();
  }
  await expect(page.getByTestId('view-body')).toContainText('fpga20');
  await expect(page.getByTestId('view-body')).toContainText('5 ns');
  await app.editor.press('End');
  await app.editor.pressSequentially(' ');
  await expect(page.getByTestId('stale')).toContainText('changed — Compile (Ctrl+Enter)');
  await expect(page.getByTestId('view-body')).toHaveClass(/stale/);
  await app.compile();
  await expect(page.getByTestId('stale')).toHaveCount(0);
  expect(app.consoleErrors).toEqual([]);
});

test('files open from the picker and from a drop; a kernel of another name offers the rename', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  const kernel = '#include "dynamatic/Integration.h"\n#include "twice.h"\n\nint twice(int a[N]) {\n  int s = 0;\n  for (int i = 0; i < N; i++)\n    s += 2 * a[i];\n  return s;\n}\n\nint main(void) {\n  int a[N];\n  for (int i = 0; i < N; i++)\n    a[i] = i;\n  CALL_KERNEL(twice, a);\n  return 0;\n}\n';
  await page.getByTestId('open-files-input').setInputFiles([
    { name: 'twice.c', mimeType: 'text/plain', buffer: Buffer.from(kernel) },
    { name: 'twice.h', mimeType: 'text/plain', buffer: Buffer.from('#define N 8\n') },
  ]);
  await expect(app.tab(0)).toHaveText('twice.c');
  await expect(app.tab(1)).toHaveText('twice.h');
  await expect(app.loadMessage).toContainText('Opened');
  await app.compile();
  await expect(app.diagnostics.locator('.diag-error')).toHaveCount(0);

  // A drop of the same kernel under another file name: the check offers the rename.
  const drop = await page.evaluateHandle((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], 'pasted.c', { type: 'text/plain' }));
    return dt;
  }, kernel);
  await page.getByTestId('editor-pane').dispatchEvent('drop', { dataTransfer: drop });
  await expect(app.tab(0)).toHaveText('pasted.c');
  await expect(page.getByTestId('kernel-name-check')).toContainText('main calls the kernel twice');
  await page.getByTestId('rename-kernel').click();
  await expect(app.tab(0)).toHaveText('twice.c');
  await expect(page.getByTestId('kernel-name-check')).toHaveCount(0);

  // Anything but .c and .h is refused with a reason, and nothing is lost.
  await page.getByTestId('open-files-input').setInputFiles([
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') },
  ]);
  await expect(app.loadMessage).toContainText('notes.txt is neither a .c nor a .h file');
  await expect(app.tab(0)).toHaveText('twice.c');
  expect(app.consoleErrors).toEqual([]);
});

test('two fingers pinch-zoom the graph; one finger pans it', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.pickExample('fir');
  await app.compile();
  await app.view('graph').click();
  const svg = page.getByTestId('graph-svg');
  const width = async () => Number((await svg.getAttribute('viewBox')).split(' ')[2]);
  const before = await width();
  const box = await svg.boundingBox();
  const y = box.y + box.height / 2;
  const touch = (type, id, x) => svg.dispatchEvent(type, {
    pointerId: id, pointerType: 'touch', isPrimary: id === 1, clientX: x, clientY: y, bubbles: true,
  });
  await touch('pointerdown', 1, box.x + 100);
  await touch('pointerdown', 2, box.x + 200);
  await touch('pointermove', 2, box.x + 300);
  await touch('pointerup', 2, box.x + 300);
  await touch('pointerup', 1, box.x + 100);
  expect(await width()).toBeCloseTo(before / 2, 0);
  const x0 = Number((await svg.getAttribute('viewBox')).split(' ')[0]);
  await touch('pointerdown', 3, box.x + 200);
  await touch('pointermove', 3, box.x + 100);
  await touch('pointerup', 3, box.x + 100);
  expect(Number((await svg.getAttribute('viewBox')).split(' ')[0])).toBeGreaterThan(x0);
  expect(app.consoleErrors).toEqual([]);
});
