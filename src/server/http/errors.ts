/** An error that answers with its own 4xx status and message (the error handler passes it through). */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message: string) => new HttpError(404, message);

/**
 * Work the server cannot take now (a full queue): 503 with Retry-After (the error handler), since
 * the same request may succeed a little later, unlike a 500.
 */
export class BusyError extends Error {
  override name = 'BusyError';
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
