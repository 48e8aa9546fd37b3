// The Web Worker for long CPU work: loads the same wasm module as the page
// and hands each request to `worker_handle` (src/ui/worker/handler.rs), which posts
// progress and the result back. The page cancels by terminating the worker.
import init, { worker_handle, worker_warm_up } from '../pkg/bitscope.js';

// Load, then run a short perft so the engine is in the optimising tier
// before the first real request.
const ready = init().then(() => worker_warm_up());

self.onmessage = async ({ data }) => {
  try {
    await ready;
    worker_handle(data, (event) => self.postMessage(event));
  } catch (e) {
    self.postMessage({ error: { message: String((e && e.message) || e) } });
  }
};
