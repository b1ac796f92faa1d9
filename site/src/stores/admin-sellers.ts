import { atom, computed } from 'nanostores';
import type { AdminSellerList } from '../../../shared/store/seller-admin.ts';
import type { SellerProfileView, SellerStatus } from '../../../shared/store/views.ts';
import { api, call, keyOf, type Key } from '../lib/api-client.ts';
import { loadMessage, replaceQuery, runChange, SEARCH_DEBOUNCE_MS, type ChangeResult } from './admin-store.ts';
import { bindLoadable, debounced, loaded, type Loadable } from './query.ts';

/**
 * /admin/sellers (sellers.manage): the applications and sellers, pending first, and
 * the four decisions — approve (grants the role asked for), reject with a reason, suspend with a
 * reason (the seller's resources leave the store), reinstate.
 */

export type { AdminSellerList, SellerProfileView, SellerStatus };

export const SELLER_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const satisfies readonly SellerStatus[];

export const SELLER_STATUS_LABELS: Record<SellerStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  suspended: 'Suspended',
};

export function sellerBadgeClass(status: SellerStatus): string {
  if (status === 'approved') return 'badge badge-success';
  if (status === 'pending') return 'badge badge-warning';
  return 'badge badge-danger';
}

export const SELLERS_PAGE_SIZE = 20;

export interface SellersQuery {
  status: SellerStatus | '';
  q: string;
  page: number;
}

export const $sellersQuery = atom<SellersQuery>({ status: '', q: '', page: 1 });
export const $sellersList = atom<Loadable<AdminSellerList>>({ status: 'idle' });
export const $sellersPageCount = computed($sellersList, (s) => {
  const data = loaded(s);
  return data ? Math.max(1, Math.ceil(data.total / (data.page_size || SELLERS_PAGE_SIZE))) : 1;
});

const isStatus = (value: string): value is SellerStatus => (SELLER_STATUSES as readonly string[]).includes(value);

/** The API path of a page of the list. */
export function sellersPath(query: SellersQuery): Key<AdminSellerList> {
  return keyOf(api.admin.sellers, {
    query: { status: query.status || undefined, q: query.q.trim() || undefined, page: String(query.page), page_size: String(SELLERS_PAGE_SIZE) },
  });
}

/** The list's filters from the address (?status=, ?q=, ?page=). */
export function sellersQueryOf(search: string): SellersQuery {
  const params = new URLSearchParams(search);
  const status = params.get('status') ?? '';
  const page = Number(params.get('page'));
  return { status: isStatus(status) ? status : '', q: (params.get('q') ?? '').slice(0, 100), page: Number.isInteger(page) && page > 1 ? page : 1 };
}

const search = debounced(SEARCH_DEBOUNCE_MS);

async function fetchSellers(): Promise<void> {
  await bindLoadable($sellersList, sellersPath($sellersQuery.get()), { failed: (error) => loadMessage(error, 'the sellers') });
}

function writeUrl(): void {
  const { status, q, page } = $sellersQuery.get();
  replaceQuery({ status, q: q.trim(), page });
}

export function initSellersList(): void {
  $sellersQuery.set(sellersQueryOf(location.search));
  void fetchSellers();
}

export function setSellersStatus(status: SellerStatus | ''): void {
  search.cancel();
  $sellersQuery.set({ ...$sellersQuery.get(), status, page: 1 });
  writeUrl();
  void fetchSellers();
}

/** Typing in the search box: the box follows at once, the list and the address after a pause. */
export function setSellersSearch(q: string): void {
  $sellersQuery.set({ ...$sellersQuery.get(), q, page: 1 });
  search.run(() => {
    writeUrl();
    void fetchSellers();
  });
}

export function setSellersPage(page: number): void {
  search.cancel();
  $sellersQuery.set({ ...$sellersQuery.get(), page });
  writeUrl();
  void fetchSellers();
}

export function reloadSellers(): void {
  void fetchSellers();
}

// ---------------------------------------------------------------------------------------------
// Decisions

export type SellerDecision = 'approve' | 'reject' | 'suspend' | 'reinstate';

const DONE: Record<SellerDecision, (store: string) => string> = {
  approve: (s) => `${s} was approved: the seller can now add resources.`,
  reject: (s) => `The application of ${s} was rejected.`,
  suspend: (s) => `${s} was suspended: its resources have left the store.`,
  reinstate: (s) => `${s} was reinstated: its published resources are back in the store.`,
};

const FAILED: Record<SellerDecision, string> = {
  approve: 'approve seller',
  reject: 'reject application',
  suspend: 'suspend seller',
  reinstate: 'reinstate seller',
};

/** Which decisions a profile in this state takes (the API refuses the others with 409). */
export function sellerDecisions(status: SellerStatus): SellerDecision[] {
  switch (status) {
    case 'pending':
      return ['approve', 'reject'];
    case 'rejected':
      return ['approve'];
    case 'approved':
      return ['suspend'];
    case 'suspended':
      return ['reinstate'];
  }
}

/** One decision on a seller; reject and suspend need the reason the seller reads. */
export async function decideSeller(profile: SellerProfileView, decision: SellerDecision, reason?: string): Promise<ChangeResult> {
  const result = await runChange(
    () => {
      const param = { id: String(profile.user_id) };
      const json = { reason: reason ?? '' };
      const sellers = api.admin.sellers[':id'];
      if (decision === 'approve') return call(sellers.approve.$post({ param }));
      if (decision === 'reinstate') return call(sellers.reinstate.$post({ param }));
      return call(sellers[decision].$post({ param, json }));
    },
    DONE[decision](profile.store_name),
    FAILED[decision],
  );
  // The list shows the new state (runChange read it again if it was on screen; else it is read now).
  await fetchSellers();
  return result;
}
