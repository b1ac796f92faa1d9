import { atom, computed } from 'nanostores';
import { AUDIT_ACTION_NAMES, AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditAction } from '../../../worker/src/domain/audit.ts';
import type { AuditEntryView, AuditLogPage } from '../../../shared/audit-log.ts';
import { describeError } from '../lib/api.ts';
import { api, keyOf } from '../lib/api-client.ts';
import { pageParams, tokenFromAddress, tokenInAddress, tokenTo, type PageToken } from '../lib/keyset-pages.ts';
import { exportHref } from './csv-export.ts';
import { bindLoadable, debounced, EVERY_TIME_SETTINGS, loaded, type Loadable } from './query.ts';

/**
 * /admin/audit-log's state: the filters (kept in the address), the page of entries
 * newest first, and the CSV export of the same filters.
 */

export type { AuditEntryView };

export interface AuditQuery {
  actor: string;
  action: AuditAction | '';
  entity: string;
  entityId: string;
  from: string;
  to: string;
  q: string;
  page: number;
}

export const AUDIT_PAGE_SIZE = 25;
const SEARCH_DEBOUNCE_MS = 300;
const EMPTY: AuditQuery = { actor: '', action: '', entity: '', entityId: '', from: '', to: '', q: '', page: 1 };
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export { AUDIT_ACTION_NAMES, AUDIT_ENTITIES };
export const auditActionLabel = (action: AuditAction) => AUDIT_ACTIONS[action].label;
/** "seller_profiles" → "Seller profiles". */
export const entityLabel = (entity: string) => {
  const words = entity.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export const $auditQuery = atom<AuditQuery>(EMPTY);
export const $auditList = atom<Loadable<AuditLogPage>>({ status: 'idle' });
/** The CSV of every entry the filters select (every page). */
export const $auditExportHref = computed($auditQuery, ({ page: _page, ...filters }) => exportHref('/api/admin/audit-log/export.csv', trimmed(filters)));

const isFiltered = (q: AuditQuery) => !!(q.actor.trim() || q.action || q.entity || q.entityId.trim() || q.from || q.to || q.q.trim());
export const $auditFiltered = computed($auditQuery, isFiltered);

function trimmed(filters: Omit<AuditQuery, 'page'>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) if (value.trim()) out[key] = value.trim();
  return out;
}

/** The token of the page asked for, when it is next to the one shown (lib/keyset-pages.ts). */
let pageToken: PageToken | undefined;
const search = debounced(SEARCH_DEBOUNCE_MS);

/** Entries are read each time they are asked for: the log grows under the admin's eyes. */
async function fetchEntries(): Promise<void> {
  const { page, ...filters } = $auditQuery.get();
  const key = keyOf(api.admin['audit-log'], { query: { ...trimmed(filters), ...pageParams(page, pageToken), pageSize: String(AUDIT_PAGE_SIZE) } });
  await bindLoadable($auditList, key, {
    settings: EVERY_TIME_SETTINGS,
    failed: (error) => {
      const { title, message } = describeError(error);
      return title === message ? title : `${title}. ${message}`;
    },
  });
}

function writeUrl(): void {
  const { page, ...filters } = $auditQuery.get();
  const url = new URL(location.href);
  for (const key of [...Object.keys(EMPTY), 'after', 'before']) url.searchParams.delete(key);
  for (const [key, value] of Object.entries(trimmed(filters))) url.searchParams.set(key, value);
  if (page > 1) url.searchParams.set('page', String(page));
  for (const [key, value] of Object.entries(tokenInAddress(page, pageToken))) if (value) url.searchParams.set(key, value);
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
}

/** Reads the filters from the address (a shared link opens the same view), then the entries. */
export function initAuditLog(): void {
  const params = new URLSearchParams(location.search);
  const text = (key: string) => (params.get(key) ?? '').slice(0, 100);
  const action = params.get('action') ?? '';
  const entity = params.get('entity') ?? '';
  const day = (key: string) => (DATE.test(params.get(key) ?? '') ? params.get(key)! : '');
  const page = Number(params.get('page'));
  $auditQuery.set({
    actor: text('actor'),
    action: (AUDIT_ACTION_NAMES as string[]).includes(action) ? (action as AuditAction) : '',
    entity: AUDIT_ENTITIES.includes(entity) ? entity : '',
    entityId: text('entityId'),
    from: day('from'),
    to: day('to'),
    q: text('q'),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  });
  pageToken = tokenFromAddress(params, $auditQuery.get().page);
  void fetchEntries();
}

/** A typed filter (actor, entity id, words): read once typing pauses. */
export function setAuditText(key: 'actor' | 'entityId' | 'q', value: string): void {
  $auditQuery.set({ ...$auditQuery.get(), [key]: value, page: 1 });
  search.run(() => {
    writeUrl();
    void fetchEntries();
  });
}

/** A chosen filter (action, entity, days): read at once. */
export function setAuditFilter(change: Partial<Pick<AuditQuery, 'action' | 'entity' | 'from' | 'to'>>): void {
  search.cancel();
  $auditQuery.set({ ...$auditQuery.get(), ...change, page: 1 });
  writeUrl();
  void fetchEntries();
}

export function setAuditPage(page: number): void {
  pageToken = tokenTo(page, loaded($auditList.get()));
  $auditQuery.set({ ...$auditQuery.get(), page });
  writeUrl();
  void fetchEntries();
}

export function clearAuditFilters(): void {
  search.cancel();
  $auditQuery.set(EMPTY);
  writeUrl();
  void fetchEntries();
}

export const reloadAuditLog = () => void fetchEntries();
