import type { NextConfig } from 'next';

// Security headers for every response (dashboard pages above all). Next's App Router inlines its
// bootstrap and flight data as <script> tags, so scripts need 'unsafe-inline' without per-request
// nonces (which would force every page to render dynamically); everything else is same-origin only,
// no plugins, no framing, no foreign form targets. `next dev` additionally needs eval for fast refresh.
const isDev = process.env.NODE_ENV === 'development';
const CSP = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${isDev ? " 'unsafe-eval'" : ''}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  `connect-src 'self'${isDev ? ' ws: wss:' : ''}`,
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS = [
  { key: 'Content-Security-Policy', value: CSP },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=()' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  { key: 'Cross-Origin-Resource-Policy', value: 'same-origin' },
];

const config: NextConfig = {
  // PGlite ships WASM and data files it loads from its own folder; bundling would break those paths.
  // esbuild (a native binary) bundles the research worker at runtime (lib/engine/research/pool).
  serverExternalPackages: [
    '@electric-sql/pglite',
    'pg',
    'linkedom',
    'exceljs',
    'unzipper', // exceljs's zip reader, which the XLSX upload reader drives itself (lib/ingest/xlsx-workbook-reader-node.ts)
    'busboy',
    'playwright-core',
    'esbuild',
  ],
  // The build type-checks the app only; `npm test` runs tsc over everything (tests, benchmarks, scripts).
  typescript: { tsconfigPath: 'tsconfig.next.json' },
  poweredByHeader: false,
  reactStrictMode: true,
  async headers() {
    return [{ source: '/:path*', headers: SECURITY_HEADERS }];
  },
};

export default config;
