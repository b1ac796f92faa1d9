import type { ResourceDetail, ResourceStatus, ResourceSummary } from '../../../worker/src/services/store/views.ts';
import { ApiError, describeError, type ValidationErrors } from '../lib/api.ts';
import { invalidate, startingWith, type Loadable } from './query.ts';
import { toast } from './toasts.ts';

/**
 * The curriculum store's administration (issue 10 §4): every resource and its review
 * (/admin/resources), the review queue (/admin/curriculum-officer), the catalogue's figures and
 * featured row (/admin/curriculum). Sellers are in admin-sellers.ts, categories in
 * resource-categories.ts, settings and figures in admin-store-settings.ts. Islands read these
 * stores with useStore and change them through the actions.
 */

export type { Loadable, ResourceDetail, ResourceStatus, ResourceSummary };

// ---------------------------------------------------------------------------------------------
// Shared by the store's admin stores

/** A change's outcome; a refusal carries the API's message and field errors for the form. */
export type ChangeResult = { ok: true } | { ok: false; message: string; validationErrors?: ValidationErrors };

/** The message of a failed change: the API's own for a refusal, else §8's generic title. */
export function changeMessage(error: unknown): string {
  if (error instanceof ApiError && error.status !== 0 && error.status < 500) return error.message;
  return describeError(error).title;
}

/** The message of a failed read. */
export function loadMessage(error: unknown, what: string): string {
  if (error instanceof ApiError && error.status === 403) return `Access denied. You don't have permission to see ${what}.`;
  const { title } = describeError(error);
  return `${what[0]!.toUpperCase()}${what.slice(1)} could not be loaded: ${title}`;
}

export function previous<T>(state: Loadable<T>): T | undefined {
  return state.status === 'ready' || state.status === 'loading' ? state.data : undefined;
}

/**
 * Runs a change with §8's toasts: 'Success' and what happened, or a destructive 'Error' with
 * 'Failed to {verb} {thing}: {message}'. Every store read the change may move is stale after it.
 */
export async function runChange(call: () => Promise<unknown>, done: string, failed: string): Promise<ChangeResult> {
  try {
    await call();
    storeWritten();
    toast({ title: 'Success', description: done });
    return { ok: true };
  } catch (error) {
    const message = changeMessage(error);
    toast({ title: 'Error', description: `Failed to ${failed}: ${message}`, variant: 'destructive' });
    return { ok: false, message, validationErrors: error instanceof ApiError ? error.validationErrors : undefined };
  }
}

/** Every read of the store a curriculum admin's change can move: lists, pages, figures, sellers, categories. */
export function storeWritten(): void {
  invalidate(
    startingWith(
      '/api/curriculum-all',
      '/api/curriculum',
      '/api/resources',
      '/api/my-resources',
      '/api/admin/store-stats',
      '/api/admin/store-settings',
      '/api/admin/sellers',
      '/api/sellers',
      '/api/categories',
    ),
  );
}

/** Writes the list's filters into the address (empty ones and page 1 left out), keeping Back for pages. */
export function replaceQuery(params: Record<string, string | number | undefined>): void {
  const url = new URL(location.href);
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '' || (key === 'page' && value === 1)) url.searchParams.delete(key);
    else url.searchParams.set(key, String(value));
  }
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
}

export const SEARCH_DEBOUNCE_MS = 300;

/** A positive whole number from the address, or null. */
export function idOf(value: string | null | undefined): number | null {
  return value && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null;
}
