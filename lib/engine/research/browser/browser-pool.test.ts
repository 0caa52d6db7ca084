import dgram from 'node:dgram';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedFetch, type GuardedFetcher } from '../../net/guarded-fetch';
import { BrowserPool } from './browser-pool';

// WebRTC opens its own UDP sockets, outside the request interception that applies the address
// guard; a rendered page must not be able to use it to reach the loopback interface or the LAN.

let udp: dgram.Socket;
let received: string[];
let site: http.Server;
let siteUrl: string;
let fetcher: GuardedFetcher;
let pool: BrowserPool;

/** A page that reports which WebRTC constructors it sees and tries a STUN binding towards `stunPort`. */
function webrtcPage(stunPort: number): string {
  return `<!doctype html><html><body><p id="out">pending</p><script>
  const seen = ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel']
    .map((name) => name + ':' + typeof window[name]).join(' ');
  const report = (what) => {
    document.getElementById('out').textContent = (seen + ' ' + what + ' ').padEnd(240, '.');
  };
  const frameSeen = () => {
    const f = document.createElement('iframe');
    document.body.appendChild(f);
    return 'frame:' + typeof f.contentWindow.RTCPeerConnection;
  };
  const Peer = window.RTCPeerConnection || window.webkitRTCPeerConnection;
  const inFrame = frameSeen();
  if (!Peer) report(inFrame + ' no-webrtc');
  else {
    try {
      const pc = new Peer({ iceServers: [{ urls: 'stun:127.0.0.1:${stunPort}' }] });
      pc.createDataChannel('probe');
      pc.onicecandidate = (e) => { if (!e.candidate) report(inFrame + ' gathered'); };
      pc.createOffer().then((offer) => pc.setLocalDescription(offer)).catch((e) => report(inFrame + ' ' + e));
    } catch (e) { report(inFrame + ' ' + e); }
  }
  </script></body></html>`;
}

beforeAll(async () => {
  received = [];
  udp = dgram.createSocket('udp4');
  udp.on('message', (msg, from) => received.push(`${msg.length} bytes from ${from.address}:${from.port}`));
  await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
  const stunPort = udp.address().port;
  site = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(webrtcPage(stunPort));
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
  const opts = { timeoutMs: 10_000, maxBytes: 1_000_000, userAgent: 'QuarryBot/0.1' };
  fetcher = createGuardedFetch({ ...opts, allowPrivate: true });
  pool = new BrowserPool({ mode: 'auto', executablePath: '/usr/bin/chromium', maxPages: 1 }, fetcher, opts);
});

afterAll(async () => {
  await pool.close();
  await fetcher.close();
  await new Promise<void>((resolve) => site.close(() => resolve()));
  udp.close();
});

describe('the rendering browser and WebRTC', { timeout: 60_000 }, () => {
  it('gives pages and their frames no RTCPeerConnection, and sends no STUN packet to loopback', async () => {
    const page = await pool.render(siteUrl);
    // The page has been closed: whatever it could have sent has reached the socket by now.
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(received).toEqual([]);
    expect(page.html).toContain('RTCPeerConnection:undefined webkitRTCPeerConnection:undefined');
    expect(page.html).toContain('RTCDataChannel:undefined');
    expect(page.html).toContain('frame:undefined no-webrtc');
  });
});
