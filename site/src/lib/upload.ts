import { authedFetch, getToken, setToken } from './api.ts';

/**
 * The client upload call (POST /api/upload…) and its messages for people. The rules (selection checks, error and
 * answer reading, friendly messages) are plain functions; `uploadFiles` does the I/O.
 */

export const DEFAULT_UPLOAD_ENDPOINT = '/api/upload';
/** Generic uploads allow 20 MB per file and 5 files. */
export const DEFAULT_MAX_SIZE_MB = 20;
export const DEFAULT_MAX_FILES = 5;
/** The file control's own default, and the course dialog's limit. */
export const CONTROL_DEFAULT_MAX_SIZE_MB = 25;
export const COURSE_IMAGE_MAX_SIZE_MB = 5;
/** A single selected file uploads by itself after this delay. */
export const AUTO_UPLOAD_DELAY_MS = 100;
/** After a profile upload, the callback waits for the user refresh events. */
export const PROFILE_CALLBACK_DELAY_MS = 200;

export const UPLOAD_FAILED_TITLE = 'Upload Failed';
export const AUTH_REQUIRED_MESSAGE = 'Authentication required. Please log in again.';
export const AUTH_REQUIRED_SHOWN = 'Please log in again to upload files';
export const PROFILE_IMAGE_UPDATED_EVENT = 'profile-image-updated';
export const AUTH_REFRESH_REQUIRED_EVENT = 'auth-refresh-required';

/** The upload answer as the client reads it: every field may be missing. */
export interface UploadAnswer {
  url?: string;
  image_url?: string;
  file_url?: string;
  profile_image_url?: string;
  size?: number;
  original_name?: string;
  mimetype?: string;
  fileId?: number;
  uploadInfo?: { originalName?: string; mimetype?: string; size?: number };
  user?: unknown;
}

/** One uploaded file as the widget and its users see it. */
export interface UploadResult {
  /** The file's URL with a cache-busting `t=` parameter. */
  url: string;
  originalName: string;
  size: number;
  mimetype: string;
  fileId?: number;
  response: UploadAnswer;
}

export interface SelectionLimits {
  multiple?: boolean;
  maxFiles?: number;
  maxSizeMB?: number;
}

/** The client's checks before sending (sizes, count); null when the selection may be sent. */
export function checkSelection(files: readonly { size: number }[], limits: SelectionLimits = {}): string | null {
  const { multiple = false, maxFiles = DEFAULT_MAX_FILES, maxSizeMB = DEFAULT_MAX_SIZE_MB } = limits;
  if (files.length === 0) return 'No files selected';
  const allowed = multiple ? maxFiles : 1;
  if (files.length > allowed) return `Maximum of ${allowed} files allowed`;
  const maxBytes = maxSizeMB * 1024 * 1024;
  const tooBig = files.filter((f) => f.size > maxBytes).length;
  if (tooBig === 0) return null;
  return files.length === 1 ? `File exceeds the maximum size of ${maxSizeMB}MB` : `Some files exceed the maximum size of ${maxSizeMB}MB`;
}

/** The message of a non-OK answer: the server's message or error field, else the status. */
export function serverErrorMessage(status: number, statusText: string, body: unknown): string {
  if (body && typeof body === 'object') {
    const { message, error } = body as { message?: unknown; error?: unknown };
    if (typeof message === 'string' && message) return message;
    if (typeof error === 'string' && error) return error;
  }
  return `Upload failed: ${status} ${statusText}`.trim();
}

/** What a person is shown for an upload failure (friendly wording of the server's messages). */
export function friendlyUploadMessage(message: string): string {
  switch (message) {
    case 'File too large':
      return 'File is too large. Please choose a smaller file.';
    case 'Invalid file type':
      return 'File type not supported. Please choose a different file.';
    case 'No file uploaded':
      return 'Please select a file to upload.';
    case AUTH_REQUIRED_MESSAGE:
      return AUTH_REQUIRED_SHOWN;
    default:
      return message.startsWith('Upload failed:') ? message : `Upload failed: ${message}`;
  }
}

/** Adds (or renews) the cache-busting `t=` parameter, keeping any fragment. */
export function withCacheBust(url: string, now: number = Date.now()): string {
  const hashAt = url.indexOf('#');
  const base = hashAt < 0 ? url : url.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : url.slice(hashAt);
  const [path, query = ''] = base.split('?', 2) as [string, string?];
  const params = query.split('&').filter((p) => p && !p.startsWith('t='));
  params.push(`t=${now}`);
  return `${path}?${params.join('&')}${hash}`;
}

export function urlOf(answer: UploadAnswer | null | undefined): string | undefined {
  if (!answer || typeof answer !== 'object') return undefined;
  return answer.url || answer.image_url || answer.file_url || answer.profile_image_url || undefined;
}

function toResult(answer: UploadAnswer, url: string, now: number, fallback?: File): UploadResult {
  return {
    url: withCacheBust(url, now),
    originalName: answer.original_name ?? answer.uploadInfo?.originalName ?? fallback?.name ?? '',
    size: answer.size ?? answer.uploadInfo?.size ?? fallback?.size ?? 0,
    mimetype: answer.mimetype ?? answer.uploadInfo?.mimetype ?? '',
    fileId: answer.fileId,
    response: answer,
  };
}

/** Reads a successful answer: one object for `file`, a list for `files`. */
export function readUploadAnswer(body: unknown, multiple: boolean, now: number = Date.now(), files: readonly File[] = []): UploadResult[] {
  if (multiple) {
    if (!Array.isArray(body)) throw new Error('Invalid response format for multiple files');
    return body.map((item: UploadAnswer, i) => {
      const url = urlOf(item);
      if (!url) throw new Error(`No URL found for file ${i + 1}`);
      return toResult(item, url, now, files[i]);
    });
  }
  const answer = (Array.isArray(body) ? body[0] : body) as UploadAnswer | undefined;
  const url = urlOf(answer);
  if (!answer || !url) throw new Error('No URL found in upload response');
  return [toResult(answer, url, now, files[0])];
}

export function isProfileEndpoint(endpoint: string): boolean {
  return endpoint.includes('/profile');
}

export interface UploadOptions {
  endpoint?: string;
  /** Send as `files` (a list answer) rather than `file`. */
  multiple?: boolean;
  /** Extra form fields, e.g. `{ resource_type: 'image', folder: 'images' }`. */
  fields?: Record<string, string>;
  /** Called with the results; after 200 ms for a profile endpoint, at once otherwise. */
  onUploaded?: (results: UploadResult[]) => void;
  /**
   * Called as the request body goes out, with the share sent so far (0 to 1). Given, the files are
   * sent with XMLHttpRequest (fetch cannot report upload progress); the answer is read the same way.
   */
  onProgress?: (sent: number) => void;
  fetch?: typeof fetch;
  token?: () => string | null;
  now?: () => number;
}

/** The share of an upload sent, 0 to 1, from a progress event; null when the total is unknown. */
export function sentShare(loaded: number, total: number, lengthComputable = true): number | null {
  if (!lengthComputable || !(total > 0)) return null;
  return Math.min(1, Math.max(0, loaded / total));
}

/** A progress bar's text: 'Uploading… 42%'. */
export function progressLabel(sent: number): string {
  return `Uploading… ${Math.round(Math.min(1, Math.max(0, sent)) * 100)}%`;
}

const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

function headersOf(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

/**
 * A fetch for uploads that reports upload progress, built on XMLHttpRequest. It answers a
 * Response like fetch, so the answer and its errors are read by the same code; a failed network
 * rejects like fetch does. A 401 forgets the stored token, as the API client does.
 */
export function fetchWithProgress(onProgress: (sent: number) => void, Xhr: typeof XMLHttpRequest = XMLHttpRequest): typeof fetch {
  return (input, init = {}) =>
    new Promise<Response>((done, fail) => {
      const xhr = new Xhr();
      xhr.open(init.method ?? 'GET', input instanceof Request ? input.url : String(input));
      xhr.withCredentials = init.credentials === 'include';
      new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.addEventListener('progress', (e) => {
        const share = sentShare(e.loaded, e.total, e.lengthComputable);
        if (share !== null) onProgress(share);
      });
      xhr.addEventListener('load', () => {
        if (xhr.status === 401) setToken(null);
        const body = NULL_BODY_STATUS.has(xhr.status) ? null : xhr.responseText;
        done(new Response(body, { status: xhr.status, statusText: xhr.statusText, headers: headersOf(xhr.getAllResponseHeaders()) }));
      });
      xhr.addEventListener('error', () => fail(new TypeError('Network error occurred')));
      xhr.addEventListener('abort', () => fail(new TypeError('Upload cancelled')));
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}

/**
 * POST the files as multipart with the bearer token. Throws an Error whose message is the
 * fixed one: 'Authentication required. Please log in again.' without a token, the server's message
 * for a refusal, or one of the answer-format messages. Show it through `friendlyUploadMessage`.
 */
export async function uploadFiles(files: readonly File[], options: UploadOptions = {}): Promise<UploadResult[]> {
  const { endpoint = DEFAULT_UPLOAD_ENDPOINT, multiple = false, fields = {}, onUploaded } = options;
  const { onProgress } = options;
  const doFetch = options.fetch ?? (onProgress && typeof XMLHttpRequest !== 'undefined' ? fetchWithProgress(onProgress) : authedFetch);
  const now = options.now ?? Date.now;
  const token = (options.token ?? getToken)();
  if (!token) throw new Error(AUTH_REQUIRED_MESSAGE);
  if (files.length === 0) throw new Error('No files selected');

  const body = new FormData();
  for (const file of multiple ? files : files.slice(0, 1)) body.append(multiple ? 'files' : 'file', file);
  for (const [name, value] of Object.entries(fields)) body.append(name, value);

  const res = await doFetch(endpoint, {
    method: 'POST',
    body,
    headers: { authorization: `Bearer ${token}` },
    credentials: 'include',
  });
  const answer: unknown = await res.json().catch(() => null);
  if (!res.ok) throw new Error(serverErrorMessage(res.status, res.statusText, answer));
  onProgress?.(1);

  const results = readUploadAnswer(answer, multiple, now(), files);
  if (isProfileEndpoint(endpoint)) {
    if (typeof window !== 'undefined') {
      window.dispatchEvent(new Event(PROFILE_IMAGE_UPDATED_EVENT));
      window.dispatchEvent(new Event(AUTH_REFRESH_REQUIRED_EVENT));
    }
    if (onUploaded) setTimeout(() => onUploaded(results), PROFILE_CALLBACK_DELAY_MS);
  } else {
    onUploaded?.(results);
  }
  return results;
}
