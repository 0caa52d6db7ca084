import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address';
import { installPeerHeader, PEER_HEADER } from './peer-header';

const req = (headers: Record<string, string>) =>
  new Request('http://127.0.0.1:3000/api/session', { headers });

describe('clientAddress', () => {
  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', () => {
    const r = req({ [PEER_HEADER]: '198.51.100.20', 'x-forwarded-for': '203.0.113.77' });
    expect(clientAddress(r, [])).toBe('198.51.100.20');
    expect(clientAddress(r, ['10.0.0.0/8'])).toBe('198.51.100.20');
  });

  it('believes a trusted proxy, reading from the right past other trusted proxies', () => {
    const headers = { [PEER_HEADER]: '10.0.0.5', 'x-forwarded-for': '6.6.6.6, 203.0.113.77, 10.0.0.9' };
    // 6.6.6.6 is what the client itself wrote; 203.0.113.77 is what the first trusted proxy saw.
    expect(clientAddress(req(headers), ['10.0.0.0/8'])).toBe('203.0.113.77');
    expect(clientAddress(req(headers), ['10.0.0.5'])).toBe('10.0.0.9');
    expect(clientAddress(req({ [PEER_HEADER]: '10.0.0.5' }), ['10.0.0.5'])).toBe('10.0.0.5');
  });

  it('treats an IPv4-mapped IPv6 peer as the IPv4 address', () => {
    const r = req({ [PEER_HEADER]: '::ffff:127.0.0.1', 'x-forwarded-for': '203.0.113.77' });
    expect(clientAddress(r, ['127.0.0.1'])).toBe('203.0.113.77');
    expect(clientAddress(req({ [PEER_HEADER]: '::ffff:127.0.0.1' }), [])).toBe('127.0.0.1');
    expect(clientAddress(req({ [PEER_HEADER]: '::1', 'x-forwarded-for': '2001:db8::7' }), ['::1'])).toBe(
      '2001:db8::7',
    );
  });

  it('names nobody in particular without the peer stamp, whatever the headers claim', () => {
    expect(clientAddress(req({ 'x-forwarded-for': '203.0.113.77', 'x-real-ip': '203.0.113.78' }), [])).toBe(
      'unknown',
    );
  });
});

describe('peer header', () => {
  it("stamps the socket's address over a value the client sent under the same name", async () => {
    installPeerHeader();
    const server = http.createServer((r, res) => res.end(String(r.headers[PEER_HEADER])));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const seen = await new Promise<string>((resolve, reject) => {
        http
          .get(
            {
              host: '127.0.0.1',
              port,
              localAddress: '127.0.0.2',
              headers: { [PEER_HEADER]: '203.0.113.77' },
            },
            (res) => {
              let body = '';
              res.on('data', (c: Buffer) => (body += c.toString()));
              res.on('end', () => resolve(body));
            },
          )
          .on('error', reject);
      });
      expect(seen).toBe('127.0.0.2');
    } finally {
      server.close();
    }
  });
});
