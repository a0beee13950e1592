// The synthesis worker: runs Yosys (YoWASP's WebAssembly build, copied to ./yosys/ by trunk) on
// one job from the page, off the page's thread. Started only when the user asks for an area
// report, so the page never loads Yosys otherwise; the page cancels by terminating it.
//
// Messages are JSON strings (the page's `synthesis` module reads them):
//   page -> worker: {"files": [{"name": .., "text": ..}, ..], "script": ".."} (one job)
//   worker -> page: {"kind": "loading"}, then {"kind": "running", "step": .., "synth_runs": n}
//                   (at most every 200 ms), then {"kind": "done", "log": .., "outputs": {..}}
//                   or {"kind": "failed", "message": .., "log": ..}.
// Everything about synthesis itself (the script, reading the netlists and the log) is the
// Rust core's; this file only moves text in and out of Yosys.

const OUTPUTS = ['synth-flat.json', 'synth-hier.json'];
const SCRIPT = 'synth-area.ys';
const STEP = /^\d+(\.\d+)*\. Executing (.*)$/;

function post(message) {
  self.postMessage(JSON.stringify(message));
}

self.onmessage = async (event) => {
  let log = '';
  try {
    const job = JSON.parse(event.data);
    post({ kind: 'loading' });
    const { runYosys } = await import('./yosys/bundle.js');
    const files = { [SCRIPT]: job.script };
    for (const f of job.files) files[f.name] = f.text;
    const decoder = new TextDecoder();
    let partial = '';
    let step = 'reading the sources';
    let synthRuns = 0;
    let posted = 0;
    const output = (bytes) => {
      if (bytes === null) return;
      const text = decoder.decode(bytes, { stream: true });
      log += text;
      const lines = (partial + text).split('\n');
      partial = lines.pop();
      for (const line of lines) {
        const m = STEP.exec(line);
        if (!m) continue;
        step = line;
        if (m[2].startsWith('SYNTH_XILINX pass')) synthRuns += 1;
      }
      const now = Date.now();
      if (now - posted > 200) {
        posted = now;
        post({ kind: 'running', step, synth_runs: synthRuns });
      }
    };
    const out = await runYosys(['-s', SCRIPT], files, { stdout: output, stderr: output });
    const outputs = {};
    for (const name of OUTPUTS) {
      if (typeof out[name] === 'string') outputs[name] = out[name];
    }
    post({ kind: 'done', log, outputs });
  } catch (e) {
    const message = e && e.message ? e.message : String(e);
    post({ kind: 'failed', message, log });
  }
};
