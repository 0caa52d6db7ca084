import { describe, expect, it } from 'vitest';
import { EMBEDDED_IPV4_FORMS } from './__fixtures__/embedded-ipv4-forms';
import { checkUrl, isPublicAddress, normalizeUrlInput } from './url-guard';

const strict = { allowPrivate: false };

function reason(raw: string, opts = strict): string {
  const r = checkUrl(raw, opts);
  if (r.ok) throw new Error(`expected ${raw} to be refused`);
  return r.reason;
}

describe('checkUrl', () => {
  it('accepts public http and https URLs', () => {
    const r = checkUrl('https://example.com/about?x=1', strict);
    expect(r.ok && r.url.href).toBe('https://example.com/about?x=1');
    expect(checkUrl('http://93.184.216.34/', strict).ok).toBe(true);
    expect(checkUrl('http://[2606:4700::1111]/', strict).ok).toBe(true);
  });

  it('explains refused schemes and malformed input', () => {
    expect(reason('file:///etc/passwd')).toMatch(/file: URLs are not allowed/);
    expect(reason('javascript:alert(1)')).toMatch(/javascript: URLs are not allowed/);
    expect(reason('data:text/html,<h1>x</h1>')).toMatch(/data: URLs are not allowed/);
    expect(reason('ftp://example.com/')).toMatch(/ftp: scheme is not supported/);
    expect(reason('example.com/about')).toMatch(/no scheme/);
    expect(reason('not a url at all')).toMatch(/not a valid URL/);
    expect(reason('http://')).toMatch(/not a valid URL|no host/);
    expect(reason('')).toMatch(/empty/);
    expect(reason('https://user:secret@example.com/')).toMatch(/user name or password/);
  });

  it.each([
    ['http://127.0.0.1/', /loopback/],
    ['http://10.0.0.8/', /private network/],
    ['http://172.16.5.4/', /private network/],
    ['http://192.168.1.1/', /private network/],
    ['http://100.64.0.1/', /carrier-grade NAT/],
    ['http://169.254.169.254/latest/meta-data/', /metadata/],
    ['http://[fd00:ec2::254]/', /metadata/],
    ['http://169.254.10.1/', /link-local/],
    ['http://[fe80::1]/', /link-local/],
    ['http://[fc00::5]/', /unique-local/],
    ['http://[::1]:8080/', /loopback/],
    ['http://0.0.0.0/', /unspecified/],
    ['http://[::]/', /unspecified/],
    ['http://255.255.255.255/', /broadcast/],
    ['http://224.0.0.1/', /multicast/],
    ['http://[ff02::1]/', /multicast/],
    ['http://2130706433/', /127\.0\.0\.1 is a loopback/],
    ['http://0x7f.0.0.1/', /loopback/],
    ['http://0177.0.0.1/', /loopback/],
    ['http://127.1/', /loopback/],
    ['http://[::ffff:127.0.0.1]/', /127\.0\.0\.1 is a loopback/],
    ['http://[::ffff:a9fe:a9fe]/', /metadata/],
    ['http://localhost:3000/', /local host name/],
    ['http://LOCALHOST./', /local host name/],
    ['http://api.localhost/', /local host name/],
    ['http://metadata.google.internal/', /metadata/],
  ])('refuses %s', (raw, why) => {
    expect(reason(raw)).toMatch(why);
    expect(checkUrl(raw, { allowPrivate: true }).ok).toBe(true);
  });
});

describe('IPv6 forms that embed an IPv4 address, as URL literals', () => {
  it.each(EMBEDDED_IPV4_FORMS)('%s: [%s]', (_form, address, why) => {
    const r = checkUrl(`http://[${address}]/`, strict);
    if (why) expect(r.ok ? 'accepted' : r.reason).toMatch(why);
    else expect(r.ok).toBe(true);
  });
});

describe('isPublicAddress', () => {
  it('tells public unicast from everything else', () => {
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('2606:4700::1111')).toBe(true);
    expect(isPublicAddress('64:ff9b::808:808')).toBe(true);
    expect(isPublicAddress('64:ff9b::7f00:1')).toBe(false);
    expect(isPublicAddress('2002:c0a8:101::1')).toBe(false);
    expect(isPublicAddress('192.0.2.10')).toBe(false);
    expect(isPublicAddress('127.0.0.1')).toBe(false);
    expect(isPublicAddress('not an ip')).toBe(false);
  });
});

describe('normalizeUrlInput', () => {
  it('adds https:// to bare host names only', () => {
    expect(normalizeUrlInput(' example.com ')).toBe('https://example.com');
    expect(normalizeUrlInput('www.example.co.uk/about')).toBe('https://www.example.co.uk/about');
    expect(normalizeUrlInput('example.com:8443/x')).toBe('https://example.com:8443/x');
    expect(normalizeUrlInput('//cdn.example.com/a')).toBe('https://cdn.example.com/a');
    expect(normalizeUrlInput('http://example.com')).toBe('http://example.com');
    expect(normalizeUrlInput('javascript:alert(1)')).toBe('javascript:alert(1)');
    expect(normalizeUrlInput('hello world')).toBe('hello world');
  });
});
