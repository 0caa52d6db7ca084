// The engine alone on plain node:http (no dashboard): used by the crash-recovery tests and benchmarks.
// Prints "listening on <url>" once ready. Config comes from the environment like `npm start`.
import { loadConfig } from '../lib/engine/config';
import { getEngine } from '../lib/engine/runtime';
import { serveEngineHttp } from '../lib/engine/http/node-server';

const config = loadConfig();
await getEngine();
const http = await serveEngineHttp(config.port, config.host);
console.log(`listening on ${http.url}`);
