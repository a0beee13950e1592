// Any screen: at a phone's, a small laptop's and a desktop's size the page never scrolls
// sideways and the circuit gets room; narrow screens switch between Code and Circuit. The
// screenshots land in test-results/layout-*.png (docs/screenshots/ holds committed copies).
import { test, expect } from '@playwright/test';
import { AppPage } from '../pages/app-page.mjs';

const SIZES = [[390, 844], [800, 600], [1440, 900], [320, 640]];

for (const [width, height] of SIZES) {
  test(`at ${width}×${height} nothing scrolls sideways and the circuit shows`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    const app = new AppPage(page);
    await app.open();
    const noSideScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await noSideScroll()).toBe(true);
    const narrow = width < 900;
    await expect(page.getByTestId('pane-switch')).toBeVisible({ visible: narrow });
    if (narrow) {
      await expect(app.editor).toBeVisible();
      await page.getByTestId('switch-compile').click();
      await page.getByTestId('progress').and(page.locator('[data-state="done"]')).waitFor();
      await expect(app.editor).toBeHidden();
    } else {
      await expect(page.getByTestId('splitter')).toBeVisible();
      await app.compile();
    }
    await app.view('graph').click();
    const svg = page.getByTestId('graph-svg');
    const box = await svg.boundingBox();
    expect(box.width).toBeGreaterThan(Math.min(width - 60, 500));
    expect(box.height).toBeGreaterThan(Math.min(height * 0.45, 400));
    expect(await noSideScroll()).toBe(true);
    await page.screenshot({ path: `${test.info().project.outputDir}/layout-${width}x${height}.png` });
    if (narrow) {
      await page.getByTestId('show-code').click();
      await expect(app.editor).toBeVisible();
    }
    expect(app.consoleErrors).toEqual([]);
  });
}

test('the splitter resizes the panes, by mouse and by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const app = new AppPage(page);
  await app.open();
  const editorWidth = async () => (await page.getByTestId('editor-pane').boundingBox()).width;
  const before = await editorWidth();
  const bar = await page.getByTestId('splitter').boundingBox();
  await page.mouse.move(bar.x + bar.width / 2, bar.y + 100);
  await page.mouse.down();
  await page.mouse.move(bar.x - 300, bar.y + 100, { steps: 5 });
  await page.mouse.up();
  const dragged = await editorWidth();
  expect(dragged).toBeLessThan(before - 200);
  await page.getByTestId('splitter').focus();
  await page.keyboard.press('ArrowRight');
  expect(await editorWidth()).toBeGreaterThan(dragged + 30);
  await page.getByTestId('toggle-code').click();
  await expect(page.getByTestId('editor-pane')).toBeHidden();
  await page.getByTestId('toggle-code').click();
  await expect(page.getByTestId('editor-pane')).toBeVisible();
  expect(app.consoleErrors).toEqual([]);
});
