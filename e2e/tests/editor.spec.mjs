// The editor: examples, highlighting, line numbers, tabs, theme, legend; with a screenshot.
import { test, expect } from '@playwright/test';
import { AppPage } from '../pages/app-page.mjs';

test('page loads with the default example highlighted and numbered', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const app = new AppPage(page);
  await app.open();
  await expect(page).toHaveTitle('Rivulet');
  await expect(app.version).toHaveText(/^Rivulet \d+\.\d+\.\d+$/);
  await expect(app.editor).toHaveValue(/CALL_KERNEL\(fir/);
  await expect(app.highlight.locator('.tok-kw').first()).toBeVisible();
  await expect(app.highlight.locator('.tok-pre').first()).toHaveText(/#include/);
  const lines = (await app.editor.inputValue()).split('\n').length;
  await expect(app.lineNumbers).toHaveText(new RegExp(`^1\\n2\\n[\\s\\S]*\\n${lines}\\n$`));
  await expect(app.panicBanner).toHaveCount(0);
  await page.screenshot({ path: 'test-results/app-1280x800.png' });
  expect(app.consoleErrors).toEqual([]);
});

test('picking an example replaces the sources and tabs', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.pickExample('binary_search');
  await expect(app.editor).toHaveValue(/CALL_KERNEL\(binary_search/);
  await expect(app.tab(0)).toHaveText('binary_search.c');
  await expect(app.tab(1)).toHaveText('binary_search.h');
  await app.tab(1).click();
  await expect(app.editor).toHaveValue(/#define/);
  await app.pickExample('gcd');
  await expect(app.editor).toHaveValue(/CALL_KERNEL\(gcd/);
  await expect(app.tab(1)).toHaveCount(0);
  expect(app.consoleErrors).toEqual([]);
});

test('the caret position is computed by the core', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.editor.fill('int a;\nint bé = 1;\n');
  await expect(app.lineCount).toHaveText('2');
  await app.editor.evaluate((el) => { el.focus(); el.setSelectionRange(13, 13); });
  await app.editor.press('ArrowRight');
  await app.editor.press('ArrowLeft');
  await expect(app.caret).toHaveText('Ln 2, Col 7');
  expect(app.consoleErrors).toEqual([]);
});

test('a 500-line source stays responsive while typing', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  const big = Array.from({ length: 500 }, (_, i) => `int v${i} = ${i} * 3; // line ${i}`).join('\n');
  await app.editor.fill(big);
  await expect(app.lineNumbers).toContainText('500');
  await app.editor.press('Control+End');
  const started = Date.now();
  await app.editor.pressSequentially('x = 1;', { delay: 0 });
  await expect(app.highlight).toContainText('line 499x = 1;');
  const elapsed = Date.now() - started;
  console.log(`typing 6 characters into 500 lines took ${elapsed} ms`);
  expect(elapsed).toBeLessThan(3000);
  expect(app.consoleErrors).toEqual([]);
});

test('header tabs can be added, renamed and deleted', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await page.getByTestId('add-header').click();
  await expect(app.tab(2)).toHaveText('header1.h');
  await app.editor.fill('#define M 3\n');
  await page.getByTestId('rename-tab-2').click();
  // The input takes focus with the old name selected: typing replaces it.
  await expect(page.getByTestId('rename-input')).toBeFocused();
  await page.keyboard.type('typed.h');
  await expect(page.getByTestId('rename-input')).toHaveValue('typed.h');
  await page.getByTestId('rename-input').fill('fir.h');
  await page.getByTestId('rename-input').press('Enter');
  await expect(page.getByTestId('tab-error')).toContainText('already exists');
  await page.getByTestId('rename-input').fill('extra.h');
  await page.getByTestId('rename-input').press('Enter');
  await expect(app.tab(2)).toHaveText('extra.h');
  await page.getByTestId('delete-tab-2').click();
  await expect(app.tab(2)).toHaveCount(0);
  await expect(page.getByTestId('delete-tab-0')).toHaveCount(0);
  expect(app.consoleErrors).toEqual([]);
});

test('the theme toggle switches and is remembered', async ({ page }) => {
  const app = new AppPage(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await app.open();
  expect(await app.theme()).toBe('dark');
  await app.themeToggle.click();
  expect(await app.theme()).toBe('light');
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await page.reload();
  await app.version.waitFor();
  expect(await app.theme()).toBe('light');
  await app.themeToggle.click();
  expect(await app.theme()).toBe('dark');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(bg);
  expect(app.consoleErrors).toEqual([]);
});

test('the legend explains unit shapes and channel states', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.legendToggle.click();
  for (const word of ['fork', 'merge', 'mux', 'buffer', 'idle', 'accept', 'stall', 'transfer']) {
    await expect(app.legend).toContainText(word);
  }
});

test('the examples menu stays on screen and closes on Escape or a click outside', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const app = new AppPage(page);
  await app.open();
  const menu = page.getByTestId('examples-menu');
  await app.examplesButton.click();
  await expect(menu).toBeVisible();
  const box = await menu.boundingBox();
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(1440);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await app.examplesButton.click();
  await expect(menu).toBeVisible();
  await app.editor.click({ position: { x: 20, y: 20 } });
  await expect(menu).toBeHidden();
  // Picking an example still works and closes it.
  await app.pickExample('gcd');
  await expect(menu).toBeHidden();
  await expect(app.tab(0)).toHaveText('gcd.c');
  expect(app.consoleErrors).toEqual([]);
});
