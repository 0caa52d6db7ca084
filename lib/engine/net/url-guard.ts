import ipaddr from 'ipaddr.js';
import { describeNonPublicAddress, isPublicAddress } from './ip-address';

export { isPublicAddress };

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;
const HOST_LIKE = /^(localhost|[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+)\.?(:\d{1,5})?([/?#].*)?$/u;
// Names that only ever resolve inside a network (or to the machine itself); refused before DNS.
const PRIVATE_SUFFIXES = ['localhost', 'local', 'internal', 'home.arpa'];

/** Adds `https://` to a bare host such as `example.com/about`; anything else is returned trimmed. */
export function normalizeUrlInput(raw: string): string {
  const value = raw.trim();
  if (value.startsWith('//')) return `https:${value}`;
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//.test(value)) return value;
  if (HOST_LIKE.test(value)) return `https://${value}`;
  return value;
}

export function checkUrl(raw: string, opts: { allowPrivate: boolean }): UrlCheck {
  const value = raw.trim();
  if (!value) return fail('the URL is empty');
  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
  if (HOST_LIKE.test(value)) {
    return fail(`"${clip(value)}" has no scheme; use an address starting with http:// or https://`);
  }
  if (!scheme)
    return fail(`"${clip(value)}" is not a valid URL; expected an address like https://example.com`);
  if (scheme === 'file')
    return fail('file: URLs are not allowed; only http and https addresses can be fetched');
  if (scheme === 'javascript') return fail('javascript: URLs are not allowed');
  if (scheme === 'data') return fail('data: URLs are not allowed; give the address of a web page');
  if (scheme !== 'http' && scheme !== 'https') {
    return fail(`the ${scheme}: scheme is not supported; only http and https addresses can be fetched`);
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail(`"${clip(value)}" is not a valid URL`);
  }
  if (!url.hostname) return fail(`"${clip(value)}" has no host name`);
  if (url.username || url.password) return fail('URLs with a user name or password are not allowed');
  if (opts.allowPrivate) return { ok: true, url };
  const refusal = describePrivateHost(url.hostname);
  return refusal
    ? fail(`${refusal}; private, loopback and internal addresses are not allowed`)
    : { ok: true, url };
}

/** Reason a host (as WHATWG URL normalised it) is private, or null. DNS names are checked later, at connect time. */
export function describePrivateHost(hostname: string): string | null {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const literal = host.startsWith('[') ? host.slice(1, -1) : host;
  if (ipaddr.isValid(literal)) return describeNonPublicAddress(literal);
  if (host === 'metadata.google.internal') return `${host} is a cloud metadata address`;
  for (const suffix of PRIVATE_SUFFIXES) {
    if (host === suffix || host.endsWith(`.${suffix}`)) return `${host} is a local host name`;
  }
  return null;
}

function fail(reason: string): UrlCheck {
  return { ok: false, reason };
}

function clip(value: string): string {
  return value.length > 80 ? `${value.slice(0, 77)}...` : value;
}
