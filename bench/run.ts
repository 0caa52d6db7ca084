// `npm run bench`: every figure is a ratio against a baseline measured in the same run.
import os from 'node:os';
import { engineBench } from './engine-bench';

console.log(`# Quarry benchmarks — ${new Date().toISOString()} — ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`);
await engineBench();
process.exit(0);
