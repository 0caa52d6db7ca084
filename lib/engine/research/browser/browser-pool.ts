import type { Browser, Route } from 'playwright-core';
import { FetchError } from '../../net/fetch-error';
import type { GuardedFetch } from '../../net/guarded-fetch';
import type { BrowserMode } from './needs-browser';

// A small pool around one headless Chromium. Every request the page makes — the navigation,
// its redirects, scripts, XHR — is intercepted and fetched by the guarded fetch, so the SSRF
// guard, timeouts and byte caps apply exactly as for static pages; Chromium's own resolver is
// pointed at nothing, so a request that escaped interception could not reach any host anyway.

export interface BrowserSettings {
  mode: BrowserMode;
  executablePath: string;
  /** Pages rendered at once. */
  maxPages: number;
}

export interface RenderedPage {
  url: string;
  status: number;
  html: string;
  /** Subrequests refused by the guard (private addresses and the like). */
  blocked: string[];
}

const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-dev-shm-usage',
  '--disable-extensions',
  '--disable-sync',
  '--no-first-run',
  '--mute-audio',
  '--host-resolver-rules=MAP * ~NOTFOUND',
  // WebRTC sends its own UDP (STUN, TURN, data) that request interception never sees, so it would
  // bypass the address guard; with no proxy configured this policy leaves it no network path at all.
  // (Debian's Chromium ignores --force-webrtc-ip-handling-policy; this one is honoured.)
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
];
// And pages get no WebRTC to begin with, in every frame, so a Chromium that ignored the flag still could not.
const NO_WEBRTC_SCRIPT = `for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel',
  'RTCIceCandidate', 'RTCSessionDescription', 'RTCRtpSender', 'RTCRtpReceiver', 'RTCRtpTransceiver']) {
  try { delete globalThis[name]; } catch {}
}`;
const BLOCKED_TYPES = new Set(['image', 'media', 'font', 'manifest', 'texttrack', 'beacon', 'ping']);
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT']);
const DROP_HEADERS = new Set([
  'content-encoding',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
]);
const IDLE_CLOSE_MS = 30_000;
/** Readable characters to wait for after load, so client-side rendering has happened. */
const SETTLE_TEXT = 200;
const SETTLE_MS = 3_000;

export class BrowserPool {
  private browser: Promise<Browser> | null = null;
  private active = 0;
  private readonly queue: (() => void)[] = [];
  private idleTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly settings: BrowserSettings,
    private readonly fetch: GuardedFetch,
    private readonly opts: { timeoutMs: number; userAgent: string },
  ) {}

  async render(url: string, signal?: AbortSignal): Promise<RenderedPage> {
    await this.acquire(signal);
    try {
      const browser = await this.launch();
      const context = await browser.newContext({
        userAgent: this.opts.userAgent,
        serviceWorkers: 'block',
        acceptDownloads: false,
        javaScriptEnabled: true,
      });
      const blocked: string[] = [];
      const onAbort = () => void context.close().catch(() => {});
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        await context.addInitScript(NO_WEBRTC_SCRIPT);
        await context.route('**/*', (route) => this.forward(route, blocked, signal));
        await context.routeWebSocket(/.*/, (ws) => ws.close());
        const page = await context.newPage();
        const response = await page.goto(url, { waitUntil: 'load', timeout: this.opts.timeoutMs });
        // Client-side rendering is done when the page shows text, or when its requests have stopped.
        await Promise.race([
          page.waitForFunction((min) => (document.body?.innerText ?? '').trim().length >= min, SETTLE_TEXT, {
            timeout: SETTLE_MS,
          }),
          page.waitForLoadState('networkidle', { timeout: SETTLE_MS }),
        ]).catch(() => undefined);
        const html = await page.content();
        return { url: page.url(), status: response?.status() ?? 0, html, blocked };
      } catch (err) {
        signal?.throwIfAborted();
        throw new FetchError(
          `the browser could not render ${url}: ${(err as Error).message.split('\n')[0]}`,
          {
            kind: 'connect',
            url,
            transient: false,
            cause: err,
          },
        );
      } finally {
        signal?.removeEventListener('abort', onAbort);
        await context.close().catch(() => undefined);
      }
    } finally {
      this.release();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    await this.shutdown();
  }

  private async shutdown(): Promise<void> {
    const pending = this.browser;
    this.browser = null;
    if (pending) await (await pending.catch(() => null))?.close().catch(() => undefined);
  }

  private async forward(route: Route, blocked: string[], signal?: AbortSignal): Promise<void> {
    const request = route.request();
    const url = request.url();
    if (BLOCKED_TYPES.has(request.resourceType())) return route.abort('blockedbyclient');
    const method = request.method().toUpperCase();
    if (!/^https?:/i.test(url) || !METHODS.has(method)) return route.abort('blockedbyclient');
    try {
      const headers: Record<string, string> = {};
      const sent = await request.allHeaders();
      for (const name of ['accept', 'content-type', 'referer', 'accept-language']) {
        if (sent[name]) headers[name] = sent[name];
      }
      const body = request.postDataBuffer();
      const res = await this.fetch(url, {
        method: method as 'GET' | 'HEAD' | 'POST' | 'PUT',
        headers,
        ...(body ? { body } : {}),
        ...(signal ? { signal } : {}),
        followRedirects: false,
        throwHttpErrors: false,
      });
      const out: Record<string, string> = {};
      for (const [name, value] of Object.entries(res.headers)) if (!DROP_HEADERS.has(name)) out[name] = value;
      await route.fulfill({ status: res.status, headers: out, body: res.body });
    } catch (err) {
      if (err instanceof FetchError && err.kind === 'blocked') blocked.push(url);
      await route
        .abort(err instanceof FetchError && err.kind === 'blocked' ? 'blockedbyclient' : 'failed')
        .catch(() => undefined);
    }
  }

  private launch(): Promise<Browser> {
    if (this.closed) return Promise.reject(new Error('the browser pool is closed'));
    if (!this.browser) {
      // Loaded on first use: Playwright's client is ~20 MB of heap that a process (or research thread)
      // which never renders a page should not carry through every garbage collection.
      const launching = import('playwright-core').then(({ chromium }) =>
        chromium.launch({
          executablePath: this.settings.executablePath,
          headless: true,
          args: LAUNCH_ARGS,
          timeout: 30_000,
        }),
      );
      this.browser = launching;
      launching.then(
        (b) =>
          b.on('disconnected', () => {
            if (this.browser === launching) this.browser = null;
          }),
        () => {
          if (this.browser === launching) this.browser = null;
        },
      );
    }
    return this.browser;
  }

  private acquire(signal?: AbortSignal): Promise<void> {
    if (this.idleTimer) {
      clearTimeout(this.idleTimer);
      this.idleTimer = null;
    }
    if (this.active < Math.max(1, this.settings.maxPages)) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        signal?.removeEventListener('abort', onAbort);
        this.active++;
        resolve();
      };
      const onAbort = () => {
        const i = this.queue.indexOf(grant);
        if (i >= 0) this.queue.splice(i, 1);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(grant);
    });
  }

  private release(): void {
    this.active--;
    const next = this.queue.shift();
    if (next) return next();
    if (this.active === 0 && !this.closed) {
      // An idle Chromium costs ~100 MB; close it and relaunch on the next JavaScript page.
      this.idleTimer = setTimeout(() => {
        this.idleTimer = null;
        if (this.active === 0) void this.shutdown();
      }, IDLE_CLOSE_MS);
      this.idleTimer.unref();
    }
  }
}
