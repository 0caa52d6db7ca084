// The error every dashboard fetch throws: the envelope's message (what the UI shows), its details and
// the request id (for the server log). `sessionRequired` marks the dashboard's own 401, as opposed to
// an upstream refusing the stored key.
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly details: string,
    readonly requestId?: string,
    readonly sessionRequired = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function errorMessage(err: unknown): string {
  if (err instanceof ApiError)
    return err.details && err.details !== err.message ? `${err.message}: ${err.details}` : err.message;
  if (err instanceof Error) return err.message;
  return 'Something went wrong';
}
