import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export type ValidationErrors = Record<string, string[]>;

/** The one error shape of the API: `{ message, validationErrors? }`. */
export type ErrorBody = { message: string; validationErrors?: ValidationErrors };

/** Thrown by routes and domain code; turned into the error shape by `handleError`. */
export class AppError extends Error {
  readonly status: ContentfulStatusCode;
  readonly validationErrors?: ValidationErrors;
  readonly headers?: Record<string, string>;
  /** Further fields of the error body beside message (e.g. nextAttemptAt of a 429). */
  readonly details?: Record<string, unknown>;

  constructor(
    status: ContentfulStatusCode,
    message: string,
    options: { validationErrors?: ValidationErrors; headers?: Record<string, string>; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.status = status;
    this.validationErrors = options.validationErrors;
    this.headers = options.headers;
    this.details = options.details;
  }
}

export const badRequest = (message: string, validationErrors?: ValidationErrors) =>
  new AppError(400, message, { validationErrors });
export const unauthorized = (message = 'Authentication required') => new AppError(401, message);
export const forbidden = (message = 'Forbidden') => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);

function errorBody(message: string, validationErrors?: ValidationErrors): ErrorBody {
  return validationErrors ? { message, validationErrors } : { message };
}

/** The app's one error handler. Never leaks internals on a 500. */
export function handleError(err: Error, c: Context): Response {
  if (err instanceof AppError) {
    if (err.headers) for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
    return c.json({ ...err.details, ...errorBody(err.message, err.validationErrors) }, err.status);
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    const message =
      status === 413 ? 'Request body too large' : err.message || (status >= 500 ? 'Internal server error' : 'Bad request');
    return c.json(errorBody(message), status);
  }
  console.error('Unhandled error', c.req.method, c.req.path, err);
  return c.json(errorBody('Internal server error'), 500);
}
