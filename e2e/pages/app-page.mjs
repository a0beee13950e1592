// Page object for the Rivulet app: every locator the tests use, by data-testid.
export class AppPage {
  constructor(page) {
    this.page = page;
    this.consoleErrors = [];
    page.on('console', (msg) => { if (msg.type() === 'error') this.consoleErrors.push(msg.text()); });
    page.on('pageerror', (err) => this.consoleErrors.push(String(err)));
    const id = (name) => page.getByTestId(name);
    this.editor = id('editor');
    this.highlight = id('highlight');
    this.lineNumbers = id('line-numbers');
    this.version = id('version');
    this.caret = id('caret');
    this.lineCount = id('line-count');
    this.panicBanner = id('panic-banner');
    this.examplesButton = id('examples-button');
    this.compileButton = id('compile');
    this.cancelButton = id('cancel');
    this.progress = id('progress');
    this.progressLog = id('progress-log');
    this.shareButton = id('share');
    this.shareUrl = id('share-url');
    this.loadMessage = id('load-message');
    this.themeToggle = id('theme-toggle');
    this.legend = id('legend');
    this.legendToggle = id('legend-toggle');
    this.diagnostics = id('diagnostics');
    this.passes = id('pass');
    this.irText = id('ir-text');
    this.downloadZip = id('download-zip');
  }

  async open(hash = '') {
    await this.page.goto(`/${hash}`);
    await this.version.waitFor();
  }

  tab(index) { return this.page.getByTestId(`tab-${index}`); }
  view(name) { return this.page.getByTestId(`view-${name}`); }
  option(name) { return this.page.getByTestId(`opt-${name}`); }

  async pickExample(name) {
    await this.examplesButton.click();
    await this.page.getByTestId(`example-${name}`).click();
  }

  pass(name) { return this.page.locator(`[data-testid="pass"][data-name="${name}"]`); }

  /** Compiles with the button and waits until the worker is done. */
  async compile() {
    // Mark the previous result stale: the app rewrites the state as soon as the request runs,
    // so "done" below is this request's.
    await this.progress.evaluate((el) => el.setAttribute('data-state', 'stale'));
    await this.compileButton.click();
    await this.page.getByTestId('progress').and(this.page.locator('[data-state="done"]')).waitFor();
  }

  async compileWithShortcut() {
    await this.editor.focus();
    await this.page.keyboard.press('Control+Enter');
  }

  async theme() {
    return this.page.evaluate(() => document.documentElement.getAttribute('data-theme'));
  }
}
