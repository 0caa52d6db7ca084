import { currentConfig } from '@/lib/engine/config';

// DNS rebinding defence. A page on rebind.attacker.test whose name is made to resolve to 127.0.0.1
// talks to this server as "same origin" in the browser's eyes; the only trace of the trick is the Host
// header, which names the attacker's domain. So the dashboard (pages and /api) answers only to the
// names it is actually published under, and refuses every other Host with 421 Misdirected Request.
//
// X-Forwarded-Host is deliberately not consulted: any client can send it, and a reverse proxy in
// front of Quarry either passes the public Host through (set QUARRY_PUBLIC_URL to it) or rewrites it
// to the loopback address it connects to (already allowed).

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];
const WILDCARD = new Set(['0.0.0.0', '::', '[::]']);
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

export interface HostSettings {
  port: number;
  /** The address the server listens on (HOST). */
  host: string;
  /** QUARRY_PUBLIC_URL: the address users open the dashboard at, e.g. behind a TLS proxy. */
  publicUrl?: string;
}

/** `host[:port]` as URL.host spells it (lower case, IPv6 bracketed, :80 dropped), or null when it is not one. */
export function normalizeHost(value: string | null | undefined): string | null {
  if (!value || value.length > 300 || /[\s/?#@\\]/.test(value)) return null;
  try {
    const url = new URL(`http://${value}`);
    return url.host || null;
  } catch {
    return null;
  }
}

function hostWithPort(name: string, port: number): string | null {
  const bracketed = name.includes(':') && !name.startsWith('[') ? `[${name}]` : name;
  return normalizeHost(`${bracketed}:${port}`);
}

/** Every `host[:port]` a browser may legitimately put in Host (or Origin) for this server. */
export function allowedHosts(settings: HostSettings): Set<string> {
  const names = [...LOOPBACK_NAMES];
  const listen = settings.host.trim();
  // A wildcard listen address is no name a browser uses; such set-ups name themselves in QUARRY_PUBLIC_URL.
  if (listen && !WILDCARD.has(listen) && !LOOPBACK.has(listen)) names.push(listen);
  const allowed = new Set<string>();
  for (const name of names) {
    const h = hostWithPort(name, settings.port);
    if (h) allowed.add(h);
  }
  if (settings.publicUrl?.trim()) {
    try {
      allowed.add(new URL(settings.publicUrl.trim()).host);
    } catch {
      // An unparsable QUARRY_PUBLIC_URL adds nothing; the 421 message points at the variable.
    }
  }
  return allowed;
}

export function isAllowedHost(value: string | null | undefined, allowed: ReadonlySet<string>): boolean {
  const host = normalizeHost(value);
  return host !== null && allowed.has(host);
}

/** The allow-list from the server's own configuration (PORT, HOST, QUARRY_PUBLIC_URL). */
export function dashboardAllowedHosts(): Set<string> {
  const config = currentConfig();
  return allowedHosts({ port: config.port, host: config.host, publicUrl: config.publicUrl });
}

/** What the 421 answer says: short, and enough for an operator to fix a proxy set-up. */
export function misdirectedDetails(value: string | null): string {
  const shown = value ? `'${value.slice(0, 100)}'` : 'no Host header';
  return `this server does not answer to ${shown}; open the dashboard at its own address, or set QUARRY_PUBLIC_URL to the address you use`;
}
