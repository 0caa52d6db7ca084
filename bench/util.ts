import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function tmpDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Sample RSS every 10 ms while `fn` runs; returns its result and the peak growth over the start. */
export async function withPeakRss<T>(
  fn: () => Promise<T>,
): Promise<{ value: T; peakGrowthMb: number; ms: number }> {
  const start = process.memoryUsage.rss();
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
  const t0 = performance.now();
  try {
    const value = await fn();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { value, peakGrowthMb: (peak - start) / 1024 / 1024, ms: performance.now() - t0 };
  } finally {
    clearInterval(timer);
  }
}

export function verdict(ok: boolean): string {
  return ok ? 'meets target' : 'BELOW TARGET';
}

export function line(label: string, value: string, note = ''): void {
  console.log(`${label.padEnd(44)} ${value.padStart(16)}  ${note}`);
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
