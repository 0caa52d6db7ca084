// Imported first by `npm start`, `npm run worker` and `npm run keys`: reads the project's `.env` file
// (or the file QUARRY_ENV_FILE names) when there is one (copy `.env.example` to start). Variables already set in the environment win over
// the file, so `PORT=4000 npm start` overrides a PORT written there. dotenv rather than Node's
// process.loadEnvFile, which Node 20 has only from 20.12 (engines allows 20.9).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import dotenv from 'dotenv';

const file =
  process.env.QUARRY_ENV_FILE || path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.env');
if (fs.existsSync(file)) dotenv.config({ path: file, quiet: true, override: false });
