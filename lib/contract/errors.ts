// The closed set of error codes. error.code equals the HTTP status (docs/interface-decisions.md).
export const ERROR_CODES = {
  bad_request: 400,
  unauthorized: 401,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
  timeout: 504,
} as const;

export type ErrorKind = keyof typeof ERROR_CODES;
export type ErrorStatus = (typeof ERROR_CODES)[ErrorKind];
