// Benchmarks the served app in headless Chromium (run by scripts/bench-web.sh, not a test):
//   1. page load to interactive: navigation start → the app mounted (version shown, Compile
//      enabled), from the page's own clock (performance.now()), median of RUNS fresh loads;
//   2. compile time per example: the worker's wall time for the request (CompileOutcome.millis,
//      shown as "Done in N ms") and the page's round trip (click → "done" rendered), median of
//      RUNS compiles after one warm-up compile that also starts the worker, once per buffer
//      placement algorithm (the MILP-based ones solve their models in the worker);
//   3. per example, with on-merges buffers: the graph view's units and layout time in the
//      worker, and one simulation (Run simulation: run, check and replay in the worker) with its
//      cycles, worker time and click → result shown;
//   4. area synthesis in the browser (Yosys's WebAssembly build in its own worker, FPGA20
//      buffers) for the examples in $SYNTH_EXAMPLES (default "fir vector_add gcd matvec
//      histogram"): click → report shown, the first run including Yosys's download and
//      compilation, and the flattened circuit's LUTs, flip-flops and DSPs.
// Usage: node bench-web.mjs URL [RUNS]. Prints Markdown tables.
import { chromium } from '@playwright/test';

const url = process.argv[2] || 'http://127.0.0.1:8765/';
const runs = Number(process.argv[3] || 5);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--no-first-run', '--disable-extensions'],
});

const loads = [];
for (let k = 0; k < runs; k++) {
  const context = await browser.newContext(); // fresh cache each time
  const page = await context.newPage();
  await page.goto(url);
  await page.getByTestId('version').waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid="compile"]').disabled);
  loads.push(await page.evaluate(() => performance.now()));
  await context.close();
}
console.log('| measure | median | runs |\n|---|---|---|');
console.log(`| page load to interactive | ${median(loads).toFixed(0)} ms | ${loads.map((x) => x.toFixed(0)).join(', ')} |`);

const page = await browser.newPage();
const errors = [];
page.on('pageerror', (e) => errors.push(String(e)));
await page.goto(url);
await page.getByTestId('version').waitFor();
const names = await page.$$eval('[data-testid^="example-"]', (els) => els.map((e) => e.dataset.testid.slice(8)));
const compileOnce = async () => {
  const started = Date.now();
  await page.getByTestId('compile').click();
  await page.locator('[data-testid="progress"][data-state="done"]').waitFor({ timeout: 120000 });
  const roundTrip = Date.now() - started;
  const text = await page.getByTestId('progress').textContent();
  return { worker: Number(/Done in (\d+) ms/.exec(text)?.[1]), roundTrip, text };
};
const graphFacts = async () => {
  await page.getByTestId('view-graph').click();
  const text = await page.getByTestId('graph-summary').textContent();
  const units = /(\d+) units/.exec(text)?.[1] ?? '?';
  const layout = /laid out in ([\d.]+) ms/.exec(text)?.[1] ?? '?';
  return `${units}, ${layout} ms`;
};
const simulateOnce = async () => {
  await page.getByTestId('view-simulation').click();
  const started = Date.now();
  await page.getByTestId('sim-run').click();
  await page.getByTestId('sim-check').waitFor({ timeout: 120000 });
  const roundTrip = Date.now() - started;
  const cycles = await page.getByTestId('sim-cycles').getAttribute('data-cycles');
  const facts = await page.locator('.sim-facts').textContent();
  const worker = /simulated in (\d+) ms/.exec(facts)?.[1] ?? '?';
  const passed = await page.getByTestId('sim-check').getAttribute('data-passed');
  return `${cycles}${passed === 'true' ? '' : ' (check FAILED)'}, ${worker} ms, ${roundTrip} ms`;
};
await compileOnce(); // warm-up: starts the worker
const algorithms = ['on-merges', 'fpga20', 'fpl22'];
const header = algorithms.map((a) => `worker, ${a}`).join(' | ');
console.log(`\n| example | ${header} | click → done, on-merges | passes | diagnostics | graph (units, layout) | simulation (cycles, worker, click → shown) |`);
console.log(`|---|${algorithms.map(() => '---|').join('')}---|---|---|---|---|`);
for (const name of names) {
  await page.getByTestId('examples-button').click();
  await page.getByTestId(`example-${name}`).click();
  const workerMedians = [];
  let trip = 0;
  let last = '';
  let graph = '';
  let simulation = '';
  for (const algorithm of algorithms) {
    await page.getByTestId('opt-buffers').selectOption(algorithm);
    const worker = [];
    const trips = [];
    for (let k = 0; k < runs; k++) {
      const r = await compileOnce();
      worker.push(r.worker);
      trips.push(r.roundTrip);
      last = r.text;
    }
    workerMedians.push(`${median(worker)} ms`);
    if (algorithm === 'on-merges') {
      trip = median(trips);
      [graph, simulation] = [await graphFacts(), await simulateOnce()];
    }
  }
  const passes = /(\d+) passes/.exec(last)?.[1] ?? '?';
  const diags = /(\d+) diagnostics?/.exec(last)?.[1] ?? '?';
  console.log(`| ${name} | ${workerMedians.join(' | ')} | ${trip} ms | ${passes} | ${diags} | ${graph} | ${simulation} |`);
}
const synthNames = (process.env.SYNTH_EXAMPLES || 'fir vector_add gcd matvec histogram').split(/\s+/).filter(Boolean);
console.log('\n| example (FPGA20) | click → area report | LUT | FF | DSP |\n|---|---|---|---|---|');
for (const name of synthNames) {
  await page.getByTestId('examples-button').click();
  await page.getByTestId(`example-${name}`).click();
  await page.getByTestId('opt-buffers').selectOption('fpga20');
  await compileOnce();
  await page.getByTestId('view-area').click();
  const started = Date.now();
  await page.getByTestId('area-synthesize').click();
  await page.locator('[data-testid="area-status"][data-state="done"]').waitFor({ timeout: 900000 });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const total = (key) => page.getByTestId(`area-total-${key}`).textContent();
  console.log(`| ${name} | ${seconds} s | ${await total('lut')} | ${await total('ff')} | ${await total('dsp')} |`);
}
if (errors.length) console.log(`\npage errors: ${errors.join('; ')}`);
await browser.close();
