// Speed on real pages: the same saved pages read through Quarry (POST /v0.1/tasks, every field asked)
// against a bare loop that fetches each page and runs Mozilla Readability on it, at the same
// concurrency, in the same run. Reading pages more fully must not make them slow to answer.
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { median } from './util';

const ROUNDS = Number(process.env.QUALITY_SPEED_ROUNDS ?? 3);

export interface SpeedFigures {
  quarryPagesPerS: number;
  barePagesPerS: number;
  ratio: number;
}

async function pool(n: number, jobs: (() => Promise<unknown>)[]): Promise<number> {
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, jobs.length) }, async () => {
      while (next < jobs.length) await jobs[next++]!();
    }),
  );
  return performance.now() - t0;
}

/** Pages per second, median of ROUNDS alternated rounds of each. */
export async function measureCorporaSpeed(
  siteUrl: string,
  paths: string[],
  quarry: (path: string) => Promise<unknown>,
  concurrency: number,
): Promise<SpeedFigures> {
  const bare = async (path: string) => {
    const res = await fetch(`${siteUrl}${path}`);
    const html = await res.text();
    const { document } = parseHTML(html);
    return new Readability(document as unknown as Document).parse()?.title ?? null;
  };
  const q: number[] = [];
  const b: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    b.push(
      (paths.length /
        (await pool(
          concurrency,
          paths.map((p) => () => bare(p)),
        ))) *
        1000,
    );
    q.push(
      (paths.length /
        (await pool(
          concurrency,
          paths.map((p) => () => quarry(p)),
        ))) *
        1000,
    );
  }
  const quarryPagesPerS = median(q);
  const barePagesPerS = median(b);
  console.log(`\nspeed on these pages, concurrency ${concurrency}, median of ${ROUNDS} alternated rounds`);
  console.log(
    `bare loop (fetch + linkedom + Readability)   ${barePagesPerS.toFixed(1)} pages/s  runs: ${b.map((x) => x.toFixed(0)).join(', ')}`,
  );
  console.log(
    `Quarry (POST /v0.1/tasks, every field asked)  ${quarryPagesPerS.toFixed(1)} pages/s  runs: ${q.map((x) => x.toFixed(0)).join(', ')}`,
  );
  console.log(
    `Quarry / bare loop                                 ${(quarryPagesPerS / barePagesPerS).toFixed(2)}×`,
  );
  return { quarryPagesPerS, barePagesPerS, ratio: quarryPagesPerS / barePagesPerS };
}
