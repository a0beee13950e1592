// The app shell: it loads, shows the compiler's version, and reacts to the editor.
import { test, expect } from '@playwright/test';
import { AppPage } from '../pages/app-page.mjs';

test('page loads with header, editor and output panes', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await expect(page).toHaveTitle('Rivulet');
  await expect(app.version).toHaveText(/^Rivulet \d+\.\d+\.\d+$/);
  await expect(app.editor).toHaveValue(/CALL_KERNEL\(fir/);
  await expect(app.panicBanner).toHaveCount(0);
  await page.screenshot({ path: 'test-results/shell.png' });
  expect(app.consoleErrors).toEqual([]);
});

test('the caret position is computed by the core', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.editor.fill('int a;\nint bé = 1;\n');
  await expect(app.lineCount).toHaveText('2');
  // Put the caret after "int bé" on line 2 (UTF-16 offset 13).
  await app.editor.evaluate((el) => { el.focus(); el.setSelectionRange(13, 13); });
  await app.editor.press('ArrowRight');
  await app.editor.press('ArrowLeft');
  await expect(app.caret).toHaveText('Ln 2, Col 7');
  expect(app.consoleErrors).toEqual([]);
});
