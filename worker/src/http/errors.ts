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

/** The answer to a write refused for want of disk space (decision 0057). */
export const DISK_FULL_MESSAGE = "The server's disk is full. Try again later.";

/** The code that says the disk is full: the file system's ENOSPC, or SQLite's SQLITE_FULL (result code 13). */
function diskFullCode(err: unknown): string | undefined {
  // Drizzle and the stores wrap the driver's error: its causes are read too, a few deep.
  let e = err;
  for (let depth = 0; depth < 5 && typeof e === 'object' && e !== null; depth++) {
    const { code, rawCode, cause } = e as { code?: unknown; rawCode?: unknown; cause?: unknown };
    if (code === 'ENOSPC' || code === 'SQLITE_FULL') return code;
    if (rawCode === 13) return 'SQLITE_FULL';
    e = cause;
  }
  return undefined;
}

/** A full disk is logged at most once a minute, with how many more were refused in between. */
const DISK_FULL_LOG_EVERY_MS = 60_000;
const diskFullLog = { at: Number.NEGATIVE_INFINITY, unlogged: 0 };

function logDiskFull(c: Context, code: string): void {
  const now = Date.now();
  if (now - diskFullLog.at < DISK_FULL_LOG_EVERY_MS) {
    diskFullLog.unlogged += 1;
    return;
  }
  const more = diskFullLog.unlogged > 0 ? `; ${diskFullLog.unlogged} more refused since the last message` : '';
  console.error(`Disk full (${code}): ${c.req.method} ${c.req.path} answered 507${more}`);
  diskFullLog.at = now;
  diskFullLog.unlogged = 0;
}

/**
 * The app's one error handler. Never leaks internals on a 500. A full disk is 507 with a message
 * the user can act on, nothing kept from it: the next request, once there is space, goes through.
 */
export function handleError(err: Error, c: Context): Response {
  if (err instanceof AppError) {
    if (err.headers) for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
    return c.json({ ...err.details, ...errorBody(err.message, err.validationErrors) }, err.status);
  }
  const diskFull = diskFullCode(err);
  if (diskFull) {
    logDiskFull(c, diskFull);
    return c.json(errorBody(DISK_FULL_MESSAGE), 507);
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
