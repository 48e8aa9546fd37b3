// The Web Worker for long CPU work: loads the worker's wasm module (the
// crate's `worker` feature: no Yew, fetched the first time a panel starts a
// worker, not at the page's start) and hands each request to `worker_handle` (src/ui/worker/handler.rs), which posts
// progress and the result back. The page cancels by terminating the worker.
import init, { worker_handle, worker_warm_step } from '../pkg/bitscope_worker.js';

// Load, then warm the engines up so that the first request runs in V8's
// optimising tier: 0.3 s of steps of 10-20 ms (a de Bruijn enumeration and a
// perft, through the path of a real request), each step its own task, so
// that a request that comes sooner stops the warm-up after one step. (The
// steps' own time is counted: a worker's nested timeouts wait 4 ms.)
let asked = false;
const dropped = () => {};
const ready = init().then(async () => {
  let spent = 0;
  while (!asked && spent < 300) {
    const t = performance.now();
    worker_warm_step(dropped);
    spent += performance.now() - t;
    await new Promise((next) => setTimeout(next));
  }
});

self.onmessage = async ({ data }) => {
  asked = true;
  try {
    await ready;
    worker_handle(data, (event) => self.postMessage(event));
  } catch (e) {
    self.postMessage({ error: { message: String((e && e.message) || e) } });
  }
};
