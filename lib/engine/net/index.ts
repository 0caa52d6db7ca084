export {
  checkUrl,
  describePrivateHost,
  isPublicAddress,
  normalizeUrlInput,
  type UrlCheck,
} from './url-guard';
export {
  createGuardedFetch,
  type FetchInit,
  type FetchedResponse,
  type GuardedFetch,
  type GuardedFetcher,
  type GuardedFetchOptions,
} from './guarded-fetch';
export {
  FetchError,
  isFetchError,
  isTransientStatus,
  parseRetryAfter,
  type FetchErrorKind,
} from './fetch-error';
export { decodeBody, detectCharset, charsetFromContentType } from './decode-body';
export {
  createGuardedLookup,
  systemResolver,
  BlockedAddressError,
  type Resolver,
  type ResolvedAddress,
} from './guarded-lookup';
export { createRobotsCache, robotsAgent, type RobotsCache, type RobotsVerdict } from './robots';
export { HostCooldowns, HostPacer, sleep } from './host-pacer';
