'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TaskInput } from '@/lib/contract/task-definition';
import type { ColumnOptions } from '@/lib/ingest/types';
import type { ParseRequest, ParseResponse, ParseSummary, UploadFormat } from './parse-protocol';

export type ParseState =
  | { status: 'idle' }
  | { status: 'reading-header' }
  | { status: 'parsing'; bytes: number; rows: number }
  | { status: 'done'; summary: ParseSummary }
  | { status: 'error'; message: string };

type Header =
  | { status: 'idle' | 'loading' }
  | { status: 'done'; columns: string[] }
  | { status: 'error'; message: string };

/**
 * Drives the parse worker. Only the latest request's answers are used (ids), so changing the mapping
 * while a parse runs just starts the next one. The worker lives as long as the page.
 */
export function useFileParse() {
  const worker = useRef<Worker | null>(null);
  const latest = useRef(0);
  const [header, setHeader] = useState<Header>({ status: 'idle' });
  const [parse, setParse] = useState<ParseState>({ status: 'idle' });

  const getWorker = useCallback(() => {
    if (!worker.current) {
      worker.current = new Worker(new URL('./parse-worker.ts', import.meta.url), { type: 'module' });
      worker.current.onmessage = (e: MessageEvent<ParseResponse>) => {
        const m = e.data;
        if (m.id !== latest.current) return;
        if (m.type === 'header') setHeader({ status: 'done', columns: m.columns });
        else if (m.type === 'progress') setParse({ status: 'parsing', bytes: m.bytes, rows: m.rows });
        else if (m.type === 'done') setParse({ status: 'done', summary: m.summary });
        else {
          setHeader((h) => (h.status === 'loading' ? { status: 'error', message: m.message } : h));
          setParse({ status: 'error', message: m.message });
        }
      };
    }
    return worker.current;
  }, []);

  useEffect(() => () => worker.current?.terminate(), []);

  const send = useCallback(
    (req: ParseRequest) => {
      latest.current = req.id;
      getWorker().postMessage(req);
    },
    [getWorker],
  );

  const readHeader = useCallback(
    (file: File, format: UploadFormat) => {
      setHeader({ status: 'loading' });
      setParse({ status: 'idle' });
      send({ type: 'header', id: latest.current + 1, file, format });
    },
    [send],
  );

  const run = useCallback(
    (file: File, format: UploadFormat, inputs: TaskInput[], mapping: ColumnOptions) => {
      setParse({ status: 'parsing', bytes: 0, rows: 0 });
      send({ type: 'parse', id: latest.current + 1, file, format, inputs, mapping });
    },
    [send],
  );

  const reset = useCallback(() => {
    latest.current++;
    setHeader({ status: 'idle' });
    setParse({ status: 'idle' });
  }, []);

  return { header, parse, readHeader, run, reset };
}
