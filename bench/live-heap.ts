import v8 from 'node:v8';
import vm from 'node:vm';

// The sections share one process, so what one leaves live on the heap is marked by every major
// collection of the sections after it (Crawlee's finished crawlers once left ~110 MB: see
// crawlee-bench.ts, releaseQueue). Each section prints the heap it starts with, after a full
// collection, so such a leftover shows in the report.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** MB of heap in use after a full collection. */
export function liveHeapMb(): number {
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
}
