import { atom, computed } from 'nanostores';
import type { AdminResourceList } from '../../../shared/store/resource-reads.ts';
import { RESOURCE_SORTS, type ResourceDetail, type ResourceSort, type ResourceStatus, type ResourceSummary } from '../../../shared/store/views.ts';
import { STORE_SORT_LABELS } from '../../../shared/store-query.ts';
import { ApiError, describeError, type ValidationErrors } from '../lib/api.ts';
import { api, call, keyOf, type Key, type KeyAnswer } from '../lib/api-client.ts';
import { pageParams, tokenFromAddress, tokenInAddress, tokenTo, type PageToken } from '../lib/keyset-pages.ts';
import { exportHref } from './csv-export.ts';
import { bindLoadable, debounced, loaded, read, refresh, startingWith, unbind, type Loadable } from './query.ts';
import { toast } from './toasts.ts';

/**
 * The curriculum store's administration (decision 0029): every resource and its review
 * (/admin/resources), the review queue (/admin/curriculum-officer), the catalogue's figures and
 * featured row (/admin/curriculum). Sellers are in admin-sellers.ts, categories in
 * resource-categories.ts, settings and figures in admin-store-settings.ts. Islands read these
 * stores with useStore and change them through the actions.
 */

/** GET /api/curriculum-all: every resource whatever its status, with the counts per status (resources.manage). */
export type { AdminResourceList, ResourceDetail, ResourceStatus, ResourceSummary };

// ---------------------------------------------------------------------------------------------
// Shared by the store's admin stores

/** A change's outcome; a refusal carries the API's message and field errors for the form. */
export type ChangeResult = { ok: true } | { ok: false; message: string; validationErrors?: ValidationErrors };

/** The message of a failed change: the API's own for a refusal, else the generic failure title. */
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

/**
 * Runs a change with its toasts: 'Success' and what happened, or a destructive 'Error' with
 * 'Failed to {verb} {thing}: {message}'. Every store read the change may move is stale after it,
 * and those on screen are read again before it resolves. `answered` is a key whose new value the
 * change put in the cache itself (it is not read again).
 */
export async function runChange(call: () => Promise<unknown>, done: string, failed: string, answered?: string): Promise<ChangeResult> {
  try {
    await call();
  } catch (error) {
    const message = changeMessage(error);
    toast({ title: 'Error', description: `Failed to ${failed}: ${message}`, variant: 'destructive' });
    return { ok: false, message, validationErrors: error instanceof ApiError ? error.validationErrors : undefined };
  }
  const fresh = storeWritten(answered);
  toast({ title: 'Success', description: done });
  await fresh;
  return { ok: true };
}

/** Every read of the store a curriculum admin's change can move: lists, pages, figures, sellers, categories. */
export function storeWritten(answered?: string): Promise<void> {
  return refresh(
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
    answered,
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

// ---------------------------------------------------------------------------------------------
// Resources: statuses

/** The statuses in the order the admin reads them: the review queue first. */
export const ADMIN_RESOURCE_STATUSES = ['submitted', 'published', 'rejected', 'draft', 'archived'] as const satisfies readonly ResourceStatus[];

export const RESOURCE_STATUS_LABELS: Record<ResourceStatus, string> = {
  submitted: 'Awaiting review',
  published: 'Published',
  rejected: 'Rejected',
  draft: 'Draft',
  archived: 'Archived',
};

export function resourceBadgeClass(status: ResourceStatus): string {
  if (status === 'published') return 'badge badge-success';
  if (status === 'submitted') return 'badge badge-warning';
  if (status === 'rejected') return 'badge badge-danger';
  return 'badge';
}

const isResourceStatus = (value: string): value is ResourceStatus => (ADMIN_RESOURCE_STATUSES as readonly string[]).includes(value);

/** What a curriculum admin may do with a resource in its state (the API refuses the rest with 409). */
export function resourceActions(r: Pick<ResourceSummary, 'status' | 'featured'>): { approve: boolean; reject: boolean; feature: boolean; archive: boolean } {
  return {
    approve: r.status === 'submitted',
    reject: r.status === 'submitted',
    // A featured resource can always leave the row; only a published one can join it.
    feature: r.status === 'published' || r.featured,
    archive: r.status !== 'archived',
  };
}

// ---------------------------------------------------------------------------------------------
// Resources: the list of /admin/resources

export type ResourceStatusFilter = ResourceStatus | 'all';

/** The orders an admin may list resources in; '' is the list's own (the queue: longest waiting first; else newest). */
export type AdminResourceSort = ResourceSort | 'oldest' | '';
export const ADMIN_RESOURCE_SORTS: readonly Exclude<AdminResourceSort, ''>[] = ['oldest', ...RESOURCE_SORTS];
export const ADMIN_RESOURCE_SORT_LABELS: Record<Exclude<AdminResourceSort, ''>, string> = { oldest: 'Oldest first', ...STORE_SORT_LABELS };
const isAdminResourceSort = (value: string): value is Exclude<AdminResourceSort, ''> => (ADMIN_RESOURCE_SORTS as readonly string[]).includes(value);

export interface ResourcesQuery {
  status: ResourceStatusFilter;
  q: string;
  /** A seller's user id, or null for every seller. */
  seller: number | null;
  sort: AdminResourceSort;
  page: number;
}

/** The review queue is what an admin opens the page for. */
export const DEFAULT_RESOURCES_QUERY: ResourcesQuery = { status: 'submitted', q: '', seller: null, sort: '', page: 1 };
export const RESOURCES_PAGE_SIZE = 20;

/**
 * The API path of a list: the queue (submitted) reads oldest first, so the longest wait comes
 * first. A page next to the one shown is asked by that page's token (lib/keyset-pages.ts).
 */
export function resourcesPath(query: ResourcesQuery, pageSize = RESOURCES_PAGE_SIZE, token?: PageToken): Key<AdminResourceList> {
  return keyOf(api['curriculum-all'], { query: { ...resourceFilters(query), ...pageParams(query.page, token), page_size: String(pageSize) } });
}

/** The list's filters and order as API query parameters (empty ones left out). */
function resourceFilters(query: ResourcesQuery): Record<string, string> {
  const filters: Record<string, string> = {};
  if (query.status !== 'all') filters.status = query.status;
  if (query.q.trim()) filters.q = query.q.trim();
  if (query.seller !== null) filters.seller = String(query.seller);
  if (query.sort) filters.sort = query.sort;
  else if (query.status === 'submitted') filters.sort = 'oldest';
  return filters;
}

/** The CSV export of the resources the filters select (every page, in the list's order). */
export const resourcesExportHref = (query: ResourcesQuery): string => exportHref('/api/curriculum-all/export.csv', resourceFilters(query));

/** The list's filters from the address (?status=, ?q=, ?seller=, ?sort=, ?page=); no status means the queue. */
export function resourcesQueryOf(search: string): ResourcesQuery {
  const params = new URLSearchParams(search);
  const status = params.get('status') ?? '';
  const page = Number(params.get('page'));
  return {
    status: status === 'all' || isResourceStatus(status) ? status : DEFAULT_RESOURCES_QUERY.status,
    q: (params.get('q') ?? '').slice(0, 100),
    seller: idOf(params.get('seller')),
    sort: isAdminResourceSort(params.get('sort') ?? '') ? (params.get('sort') as AdminResourceSort) : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export const $resourcesQuery = atom<ResourcesQuery>(DEFAULT_RESOURCES_QUERY);
export const $resourcesList = atom<Loadable<AdminResourceList>>({ status: 'idle' });
export const $resourcesPageCount = computed($resourcesList, (s) => pageCount(loaded(s)));
export const $resourcesExportHref = computed($resourcesQuery, resourcesExportHref);

export function pageCount(list: Pick<AdminResourceList, 'total' | 'page_size'> | undefined): number {
  return list ? Math.max(1, Math.ceil(list.total / (list.page_size || RESOURCES_PAGE_SIZE))) : 1;
}

const listSearch = debounced(SEARCH_DEBOUNCE_MS);
/** The token of the page asked for, when it is next to the one shown (kept in the address beside the page). */
let listToken: PageToken | undefined;

async function fetchResources(): Promise<void> {
  await bindLoadable($resourcesList, resourcesPath($resourcesQuery.get(), RESOURCES_PAGE_SIZE, listToken), {
    failed: (error) => loadMessage(error, 'the resources'),
  });
}

function writeResourcesUrl(): void {
  const { status, q, seller, sort, page } = $resourcesQuery.get();
  replaceQuery({ status: status === DEFAULT_RESOURCES_QUERY.status ? '' : status, q: q.trim(), seller: seller ?? '', sort, page, ...tokenInAddress(page, listToken) });
}

/** Reads the filters and the page (with its token, from a shared link or a reload) from the address, then the list. */
export function initResourcesList(): void {
  $resourcesQuery.set(resourcesQueryOf(location.search));
  listToken = tokenFromAddress(new URLSearchParams(location.search), $resourcesQuery.get().page);
  void fetchResources();
}

export function setResourcesFilter(change: Partial<Pick<ResourcesQuery, 'status' | 'seller' | 'sort'>>): void {
  listSearch.cancel();
  listToken = undefined;
  $resourcesQuery.set({ ...$resourcesQuery.get(), ...change, page: 1 });
  writeResourcesUrl();
  void fetchResources();
}

/** Typing in the search box: the box follows at once, the list and the address after a pause. */
export function setResourcesSearch(q: string): void {
  listToken = undefined;
  $resourcesQuery.set({ ...$resourcesQuery.get(), q, page: 1 });
  listSearch.run(() => {
    writeResourcesUrl();
    void fetchResources();
  });
}

/** Next and Previous by the shown page's token; First, Last and any other page by number. */
export function setResourcesPage(page: number): void {
  listSearch.cancel();
  listToken = tokenTo(page, loaded($resourcesList.get()));
  $resourcesQuery.set({ ...$resourcesQuery.get(), page });
  writeResourcesUrl();
  void fetchResources();
}

export function reloadResources(): void {
  void fetchResources();
}

/** The sellers the list can be narrowed to (GET /api/admin/sellers; sellers.manage). */
export interface SellerOption {
  id: number;
  store_name: string;
}
export const $sellerOptions = atom<SellerOption[]>([]);

export async function loadSellerOptions(): Promise<void> {
  try {
    const key = keyOf(api.admin.sellers, { query: { page_size: '100' } });
    const list = await read<KeyAnswer<typeof key>>(key);
    $sellerOptions.set(
      list.data
        .filter((s) => s.status === 'approved' || s.status === 'suspended')
        .map((s) => ({ id: s.user_id, store_name: s.store_name }))
        .sort((a, b) => a.store_name.localeCompare(b.store_name)),
    );
  } catch {
    // The filter still works from the address (?seller=) without the names.
  }
}

// ---------------------------------------------------------------------------------------------
// One resource, as the reviewer sees it

export const $openResourceId = atom<number | null>(null);
export const $resourceDetail = atom<Loadable<ResourceDetail>>({ status: 'idle' });

async function fetchDetail(id: number): Promise<void> {
  await bindLoadable<ResourceDetail>($resourceDetail, keyOf(api.resources[':id'], { param: { id: String(id) } }), {
    keep: (shown) => shown.id === id,
    failed: (error) => loadMessage(error, 'this resource'),
  });
}

export function openResource(id: number): void {
  $openResourceId.set(id);
  void fetchDetail(id);
}

export function closeResource(): void {
  $openResourceId.set(null);
  // a closed resource is not read again after a change
  unbind($resourceDetail);
}

export function reloadResourceDetail(): void {
  const id = $openResourceId.get();
  if (id !== null) void fetchDetail(id);
}

// ---------------------------------------------------------------------------------------------
// Review and curation

type ResourceRef = Pick<ResourceSummary, 'id' | 'title' | 'featured'>;

/**
 * A review or curation change: every list, figure and featured row on screen and the open
 * resource are read again (runChange) before it resolves.
 */
function change(send: () => Promise<unknown>, done: string, failed: string): Promise<ChangeResult> {
  return runChange(send, done, failed);
}

const resourceParam = (r: ResourceRef) => ({ param: { id: String(r.id) } });

export function approveResource(r: ResourceRef): Promise<ChangeResult> {
  return change(() => call(api.resources[':id'].approve.$post(resourceParam(r))), `“${r.title}” was approved and is now in the store.`, 'approve resource');
}

/** Rejecting needs the reason the seller reads on their resources page. */
export function rejectResource(r: ResourceRef, reason: string): Promise<ChangeResult> {
  return change(() => call(api.resources[':id'].reject.$post({ ...resourceParam(r), json: { reason } })), `“${r.title}” was rejected. The seller can read your reason.`, 'reject resource');
}

export function toggleFeatured(r: ResourceRef): Promise<ChangeResult> {
  return change(
    () => call(api.resources[':id']['toggle-featured'].$post(resourceParam(r))),
    r.featured ? `“${r.title}” left the featured row.` : `“${r.title}” is now featured in the store.`,
    r.featured ? 'unfeature resource' : 'feature resource',
  );
}

export function archiveResource(r: ResourceRef): Promise<ChangeResult> {
  return change(() => call(api.resources[':id'].archive.$post(resourceParam(r))), `“${r.title}” was archived and has left the store.`, 'archive resource');
}

// ---------------------------------------------------------------------------------------------
// The review queue of /admin/curriculum-officer: submitted resources, the longest waiting first

export const QUEUE_PAGE_SIZE = 10;
export const $queuePage = atom(1);
export const $reviewQueue = atom<Loadable<AdminResourceList>>({ status: 'idle' });
let queueToken: PageToken | undefined;

/** A page of the queue: the one next to the page shown by its token, any other by number. */
export async function loadReviewQueue(page = 1): Promise<void> {
  queueToken = tokenTo(page, loaded($reviewQueue.get()));
  $queuePage.set(page);
  await bindLoadable($reviewQueue, resourcesPath({ ...DEFAULT_RESOURCES_QUERY, status: 'submitted', page }, QUEUE_PAGE_SIZE, queueToken), {
    failed: (error) => loadMessage(error, 'the review queue'),
  });
}

// ---------------------------------------------------------------------------------------------
// The decision being asked for (a reason to reject, a confirmation to archive), wherever its button is

export type PendingDecision = { kind: 'reject' | 'archive'; resource: ResourceRef } | null;
export const $pendingDecision = atom<PendingDecision>(null);

export function askToReject(resource: ResourceRef): void {
  $pendingDecision.set({ kind: 'reject', resource });
}

export function askToArchive(resource: ResourceRef): void {
  $pendingDecision.set({ kind: 'archive', resource });
}

export function dismissDecision(): void {
  $pendingDecision.set(null);
}
