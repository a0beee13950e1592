// Source and circuit linked: lines that produced units are banded, the caret's line lights its
// units in the graph, a clicked unit marks and scrolls to its lines, channels name C variables.
import { test, expect } from '@playwright/test';
import { AppPage } from '../pages/app-page.mjs';

/** fir with `pad` comment lines on top, so its loop lies below the editor's first screen. */
async function paddedFir(app, pad) {
  await app.pickExample('fir');
  const text = await app.editor.inputValue();
  const padded = Array.from({ length: pad }, (_, i) => `// padding line ${i + 1}`).join('\n');
  await app.editor.fill(`${padded}\n${text}`);
  await app.compile();
  await app.view('graph').click();
}

/** Puts the editor's caret at the start of 1-based `line` as a user would (then keyup). */
async function caretOnLine(app, line) {
  await app.editor.evaluate((el, line) => {
    const offset = el.value.split('\n').slice(0, line - 1).join('\n').length + 1;
    el.focus();
    el.setSelectionRange(offset + 2, offset + 2);
    el.dispatchEvent(new KeyboardEvent('keyup', { key: 'ArrowDown', bubbles: true }));
  }, line);
}

test('the caret on a line lights its units; a unit marks and shows its lines', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  const pad = 60;
  await paddedFir(app, pad);
  const forLine = pad + 9; // for (unsigned i = 0; i < N; i++)
  const bodyLine = pad + 10; // tmp += idx[i] * di[N - 1 - i];
  // Lines that produced units carry a band, comments do not; units carry the same band.
  const bands = page.getByTestId('bands');
  await expect(bands.locator(`[data-line="${bodyLine}"]`)).toHaveClass(/band-\d/);
  await expect(bands.locator(`[data-line="${forLine}"]`)).toHaveClass(/band-\d/);
  await expect(bands.locator('[data-line="1"]')).not.toHaveClass(/band-\d/);
  const bodyBand = (await bands.locator(`[data-line="${bodyLine}"]`).getAttribute('class')).match(/band-\d/)[0];
  const mul = page.locator('[data-testid="unit"][data-name="muli0"]');
  await expect(mul.locator('.band-stripe')).toHaveClass(new RegExp(bodyBand));

  // The caret on the loop body lights exactly the units from that line: the multiplier and
  // the adder of `tmp +=`, the loads, not the loop's comparison.
  await caretOnLine(app, bodyLine);
  await expect(mul).toHaveClass(/\blit\b/);
  await expect(page.locator('[data-testid="unit"][data-name="addi0"]')).toHaveClass(/\blit\b/);
  await expect(page.locator('[data-testid="unit"][data-name="cmpi0"]')).not.toHaveClass(/\blit\b/);
  await expect(bands.locator(`[data-line="${bodyLine}"]`)).toHaveClass(/cursor/);
  const lit = await page.locator('[data-testid="unit"].lit').count();
  expect(lit).toBeGreaterThanOrEqual(4);
  // A line of comments lights nothing.
  await caretOnLine(app, 3);
  await expect(page.locator('[data-testid="unit"].lit')).toHaveCount(0);

  // Clicking the comparison marks the `for` line and scrolls the editor to it.
  const code = page.getByTestId('code');
  await code.evaluate((el) => { el.scrollTop = 0; });
  await page.locator('[data-testid="unit"][data-name="cmpi0"]').dispatchEvent('click');
  const picked = bands.locator('.picked');
  await expect(picked).toHaveCount(1);
  await expect(picked).toHaveAttribute('data-line', String(forLine));
  await expect.poll(() => code.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  const [box, line] = [await code.boundingBox(), await picked.boundingBox()];
  expect(line.y).toBeGreaterThanOrEqual(box.y);
  expect(line.y + line.height).toBeLessThanOrEqual(box.y + box.height);
  // The unit's tooltip says where it came from.
  await expect(page.locator('[data-testid="unit"][data-name="cmpi0"] > title')).toContainText(`From fir.c line ${forLine}.`);
  expect(app.consoleErrors).toEqual([]);
});

test('channels name the C variable they carry; edits hide stale bands', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.pickExample('fir');
  await app.compile();
  await app.view('graph').click();
  const titles = await page.locator('[data-testid="channel"] > title').allTextContents();
  expect(titles.some((t) => /^%\S+ \(tmp\): channel<i32>/.test(t)), titles.join('\n')).toBe(true);
  expect(titles.some((t) => /^%\S+ \(i\): channel<i\d+>/.test(t))).toBe(true);
  // Editing the code leaves the compiled lines unknown: no bands until the next compile.
  await expect(page.locator('[data-testid="bands"] .band').first()).toBeAttached();
  await app.editor.press('End');
  await app.editor.type('\n');
  await expect(page.locator('[data-testid="bands"] .band')).toHaveCount(0);
  await app.compile();
  await expect(page.locator('[data-testid="bands"] .band').first()).toBeAttached();
  expect(app.consoleErrors).toEqual([]);
});
