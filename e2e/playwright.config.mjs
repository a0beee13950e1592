// Playwright runs the app's release build (dist/) served on 127.0.0.1 in Debian's Chromium.
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT || 8765);

export default defineConfig({
  testDir: './tests',
  workers: 1,
  reporter: [['list']],
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    acceptDownloads: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
      args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
        '--disable-background-networking', '--disable-component-update', '--disable-sync',
        '--disable-quic', '--no-first-run', '--disable-extensions'],
    },
  },
  webServer: {
    command: `python3 -m http.server ${PORT} --bind 127.0.0.1 --directory ../dist`,
    url: `http://127.0.0.1:${PORT}/index.html`,
    reuseExistingServer: false,
    timeout: 20_000,
  },
});
