import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IngestFileError } from '@/lib/ingest/types';
import type { TaskInput } from '@/lib/contract/task-definition';
import { scanRows } from '../scan-rows';
import { scanThreadState, scanUpload, stopScanThread } from './client';
import { FileProgress, readFileChunks } from './file-progress';

// Uploads are read on the scan thread: results must equal reading in-process, blocks must arrive in
// order and complete, and every way a scan can end early (the upload fails, storing fails, the file
// is bad, the thread dies) must end the call with an error instead of leaving it hanging.
const inputs: TaskInput[] = [{ name: 'website', type: 'url', description: '' }];
const line = (i: number) =>
  i % 97 === 5
    ? '{"data_uuid":"x","inputs":[]}'
    : JSON.stringify({ data_uuid: `r${i}`, inputs: [`https://s${i}.example/`] });
const body = (n: number) => Array.from({ length: n }, (_, i) => line(i)).join('\n') + '\n';

// Starting the thread (bundling it, then booting it) and reading 5,000 rows take seconds on a loaded
// machine: the first test and the one that replaces the thread did not finish within the default 5 s.
describe('scan thread', { timeout: 30_000 }, () => {
  let dir: string;
  let file: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-scan-'));
    file = path.join(dir, 'rows.jsonl');
    fs.writeFileSync(file, body(5_000));
  });
  afterAll(async () => {
    await stopScanThread();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('gives the same result as reading in-process, and sends every block in order', async () => {
    const expected = await scanRows(readFileChunks(file), 'rows.jsonl', inputs);
    const blocks: [number, string[]][] = [];
    const result = await scanUpload({ path: file }, 'rows.jsonl', inputs, async (first, b) => {
      blocks.push([first, b]);
    });
    expect(scanThreadState().mode).toBe('thread');
    expect(result).toEqual(expected);
    expect(result.errorCount).toBe(52);
    expect(result.good).toBe(5_000 - 52);
    const firsts = blocks.map(([f]) => f);
    expect(firsts).toEqual(firsts.map((_, i) => i * 8));
    const rows = blocks.flatMap(([, b]) =>
      b.flatMap((text) => JSON.parse(text) as [number, string, string[]][]),
    );
    expect(rows.length).toBe(result.good);
    expect(rows[0]).toEqual([0, 'r0', ['https://s0.example/']]);
    expect(rows.map((r) => r[0])).toEqual([...rows.map((r) => r[0])].sort((a, b) => a - b));
    // Without a sink it only counts.
    expect(await scanUpload({ path: file }, 'rows.jsonl', inputs)).toEqual(expected);
  });

  it('follows a spool while it is written, and several scans run at once', async () => {
    const live = path.join(dir, 'live.jsonl');
    const text = body(3_000);
    const progress = new FileProgress();
    const fd = fs.openSync(live, 'w');
    const scanning = scanUpload({ path: live, progress }, 'live.jsonl', inputs);
    const other = scanUpload({ path: file }, 'rows.jsonl', inputs);
    for (let at = 0; at < text.length; at += 10_000) {
      fs.writeSync(fd, text.slice(at, at + 10_000));
      progress.advance(Math.min(at + 10_000, text.length));
      await new Promise((r) => setTimeout(r, 2));
    }
    fs.closeSync(fd);
    progress.finish();
    const [a, b] = await Promise.all([scanning, other]);
    expect(a.total).toBe(3_000);
    expect(b.total).toBe(5_000);
  });

  it('stops with the upload’s error when the upload fails mid-way', async () => {
    const live = path.join(dir, 'failing.jsonl');
    fs.writeFileSync(live, body(100));
    const progress = new FileProgress();
    progress.advance(1000);
    const scanning = scanUpload({ path: live, progress }, 'failing.jsonl', inputs);
    setTimeout(() => progress.fail(new Error('client went away')), 20);
    await expect(scanning).rejects.toThrow('client went away');
  });

  it('stops reading when storing fails, and answers with the store’s error', async () => {
    let calls = 0;
    const scanning = scanUpload({ path: file }, 'rows.jsonl', inputs, async () => {
      calls++;
      throw new Error('disk full');
    });
    await expect(scanning).rejects.toThrow('disk full');
    expect(calls).toBe(1);
  });

  it('reports a problem with the whole file as an IngestFileError with its status', async () => {
    const bin = path.join(dir, 'rows.bin');
    fs.writeFileSync(bin, Buffer.from([0, 1, 2, 3, 0, 0, 255, 254, 0, 7]));
    const err = await scanUpload({ path: bin }, 'rows.bin', inputs).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IngestFileError);
    expect((err as IngestFileError).status).toBe(415);
    const empty = path.join(dir, 'blank.jsonl');
    fs.writeFileSync(empty, '\n\n');
    await expect(scanUpload({ path: empty }, 'blank.jsonl', inputs)).rejects.toThrow('no rows');
  });

  it('fails the calls of a thread that dies, and the next upload gets a new thread', async () => {
    // Never advances: the scan waits on the thread. It subscribes as it hands the scan to the thread.
    let handedOver = false;
    const progress = new (class extends FileProgress {
      override subscribe(listener: Parameters<FileProgress['subscribe']>[0]) {
        handedOver = true;
        return super.subscribe(listener);
      }
    })();
    const scanning = scanUpload({ path: path.join(dir, 'never.jsonl'), progress }, 'never.jsonl', inputs);
    await vi.waitFor(() => expect(handedOver).toBe(true), { timeout: 20_000 });
    const before = scanThreadState();
    await stopScanThread();
    await expect(scanning).rejects.toThrow(/scan thread stopped/);
    expect((await scanUpload({ path: file }, 'rows.jsonl', inputs)).total).toBe(5_000);
    const after = scanThreadState();
    expect(after.mode).toBe('thread');
    expect(before.mode === 'thread' && after.mode === 'thread' && after.threadId !== before.threadId).toBe(
      true,
    );
  });
});
