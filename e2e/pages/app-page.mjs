// Page object for the Rivulet app: every locator the tests use, by data-testid.
export class AppPage {
  constructor(page) {
    this.page = page;
    this.consoleErrors = [];
    page.on('console', (msg) => { if (msg.type() === 'error') this.consoleErrors.push(msg.text()); });
    page.on('pageerror', (err) => this.consoleErrors.push(String(err)));
    this.editor = page.getByTestId('editor');
    this.version = page.getByTestId('version');
    this.caret = page.getByTestId('caret');
    this.lineCount = page.getByTestId('line-count');
    this.panicBanner = page.getByTestId('panic-banner');
  }

  async open(hash = '') {
    await this.page.goto(`/${hash}`);
    await this.version.waitFor();
  }
}
