// Checks a url-typed input. Analysts paste bare domains ("example.com"), so those are accepted and kept
// as given (the research fetcher adds the scheme); anything with a scheme other than http(s) is refused
// with the scheme named. Private or loopback hosts are NOT checked here: the engine refuses them at
// fetch time, where DNS is known.

// Fast paths for the common shapes, so most rows never pay for `new URL` (the ingest loop is
// benchmarked). They check the scheme and host only: the fetcher encodes whatever the path holds.
const PLAIN_HTTP_URL = /^https?:\/\/[a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d{1,5})?(?:[/?#]|$)/i;
const PLAIN_DOMAIN = /^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z][a-z0-9-]*(?::\d{1,5})?(?:[/?#]|$)/i;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const HOST_PORT = /^[^:/?#]+:\d{1,5}(?:[/?#]|$)/;

/** Why `value` is not an acceptable URL, phrased to follow the input's label; undefined when it is fine. */
export function urlProblem(value: string): string | undefined {
  if (PLAIN_HTTP_URL.test(value) || PLAIN_DOMAIN.test(value)) return undefined;

  const scheme = SCHEME.exec(value)?.[1];
  // "localhost:3000/x" matches the scheme pattern but is a host and port.
  if (scheme !== undefined && !HOST_PORT.test(value)) {
    const lower = scheme.toLowerCase();
    if (lower !== 'http' && lower !== 'https') {
      return `uses the ${lower}: scheme; only http and https URLs are accepted: ${quoteValue(value)}`;
    }
    return hasUsableHost(value) ? undefined : `is not a valid URL: ${quoteValue(value)}`;
  }
  const withScheme = value.startsWith('//') ? `http:${value}` : `http://${value}`;
  return hasUsableHost(withScheme) ? undefined : `is not a URL or domain: ${quoteValue(value)}`;
}

function hasUsableHost(candidate: string): boolean {
  let host: string;
  try {
    host = new URL(candidate).hostname;
  } catch {
    return false;
  }
  // A single label ("foo") is almost always a mistake (a company name in the url column), except localhost.
  return host.includes('.') || host === 'localhost' || host.startsWith('[');
}

/** The value as shown in a message: quoted, and cut short so a huge cell cannot flood the report. */
export function quoteValue(value: string, max = 80): string {
  return JSON.stringify(value.length > max ? `${value.slice(0, max)}…` : value);
}
