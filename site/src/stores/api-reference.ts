import { atom, computed, map } from 'nanostores';
import { authedFetch, describeError } from '../lib/api.ts';
import { buildTryRequest, filterGroups, readDocument, showBody, type ApiReferenceData, type OpenApiDocument, type OperationView } from '../lib/api-reference.ts';
import { read } from './query.ts';

/**
 * The interactive API reference (/api/docs and /admin/documentation, decision 0033): the
 * generated OpenAPI description read once through the query cache, a search over its operations,
 * and each operation's Try it answer, sent with the signed-in user's token like every island's call.
 */

export const OPENAPI_KEY = '/api/openapi.json';

export type ReferenceState = { status: 'idle' | 'loading' } | { status: 'ready'; data: ApiReferenceData } | { status: 'error'; message: string };

export const $apiReference = atom<ReferenceState>({ status: 'idle' });
export const $apiSearch = atom('');

/** The groups the search leaves, with their count. */
export const $visibleOperations = computed([$apiReference, $apiSearch], (state, search) => {
  if (state.status !== 'ready') return { groups: [], count: 0 };
  const groups = filterGroups(state.data.groups, search);
  return { groups, count: groups.reduce((n, g) => n + g.operations.length, 0) };
});

export async function loadApiReference(): Promise<void> {
  if ($apiReference.get().status === 'ready') return;
  $apiReference.set({ status: 'loading' });
  try {
    $apiReference.set({ status: 'ready', data: readDocument(await read<OpenApiDocument>(OPENAPI_KEY)) });
  } catch (error) {
    const { title, message } = describeError(error);
    $apiReference.set({ status: 'error', message: title === message ? title : `${title}. ${message}` });
  }
}

export function setApiSearch(value: string): void {
  $apiSearch.set(value);
}

export type TryState =
  | { status: 'sending' }
  | { status: 'invalid'; message: string }
  | { status: 'failed'; message: string }
  | { status: 'done'; httpStatus: number; statusText: string; ms: number; contentType: string; body: string; url: string; method: string };

/** Each operation's last Try it, by operation id. */
export const $tryResults = map<Record<string, TryState>>({});

/** The form's values of each operation (parameters by `in:name`, and the body), kept while the page lives. */
export const $tryInputs = map<Record<string, { values: Record<string, string>; body: string }>>({});

export function setTryInput(id: string, input: { values: Record<string, string>; body: string }): void {
  $tryInputs.setKey(id, input);
}

const TEXT_TYPES = /json|text|xml|javascript|csv|calendar/;

/** Sends an operation's request as the signed-in user (their bearer token), and keeps what came back. */
export async function tryOperation(op: OperationView, values: Record<string, string>, body: string): Promise<void> {
  const built = buildTryRequest(op, values, body);
  if (!built.ok) {
    $tryResults.setKey(op.id, { status: 'invalid', message: built.message });
    return;
  }
  const { request } = built;
  $tryResults.setKey(op.id, { status: 'sending' });
  const started = performance.now();
  try {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (request.contentType) headers['content-type'] = request.contentType;
    const res = await authedFetch(request.url, { method: request.method, headers, body: request.body });
    const contentType = res.headers.get('content-type') ?? '';
    const text = request.method === 'HEAD' ? '' : TEXT_TYPES.test(contentType) ? await res.text() : null;
    const shown = text === null ? `(${contentType || 'binary'} content, ${(await res.arrayBuffer()).byteLength} bytes)` : showBody(text, contentType);
    $tryResults.setKey(op.id, {
      status: 'done',
      httpStatus: res.status,
      statusText: res.statusText,
      ms: Math.round(performance.now() - started),
      contentType,
      body: shown,
      url: request.url,
      method: request.method,
    });
  } catch {
    $tryResults.setKey(op.id, { status: 'failed', message: 'Network error occurred. Please check your internet connection and try again.' });
  }
}
