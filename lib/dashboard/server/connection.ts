import 'server-only';
import { resolveUpstream } from './upstream-settings';

export interface ConnectionStatus {
  url: string;
  source: 'built-in' | 'environment' | 'settings';
  ok: boolean;
  status: number | null;
  message: string;
  latency_ms: number;
}

const TIMEOUT_MS = 5_000;

/** POST /api-test on the upstream with the stored key: 201 means reachable and the key is valid. */
export async function checkConnection(): Promise<ConnectionStatus> {
  const upstream = await resolveUpstream();
  const started = performance.now();
  const base = { url: upstream.url, source: upstream.source };
  try {
    const res = await fetch(`${upstream.url.replace(/\/+$/, '')}/api-test`, {
      method: 'POST',
      headers: upstream.key ? { 'x-api-key': upstream.key } : {},
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = (await res.json().catch(() => null)) as {
      message?: string;
      error?: { details?: string };
    } | null;
    const latency_ms = Math.round(performance.now() - started);
    if (res.status === 201 || res.ok)
      return { ...base, ok: true, status: res.status, message: 'Connected: the key is valid', latency_ms };
    const message =
      res.status === 401
        ? `The upstream rejected the API key (${body?.message ?? 'unauthorized'}): check the key in Settings`
        : `The upstream answered ${res.status}${body?.message ? `: ${body.message}` : ''}`;
    return { ...base, ok: false, status: res.status, message, latency_ms };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    const reason =
      e.name === 'TimeoutError' ? `no answer within ${TIMEOUT_MS / 1000} s` : (e.cause?.code ?? e.message);
    return {
      ...base,
      ok: false,
      status: null,
      message: `Cannot reach the upstream: ${reason}`,
      latency_ms: Math.round(performance.now() - started),
    };
  }
}
