import { atom } from 'nanostores';
import type { ResourceFacets, ResourceList, ResourceStatus, ResourceSummary } from '../../../worker/src/services/store/views.ts';
import {
  ADMIN_RESOURCE_STATUSES,
  DEFAULT_RESOURCES_QUERY,
  loadMessage,
  previous,
  resourcesPath,
  SEARCH_DEBOUNCE_MS,
  whenResourcesChange,
  type AdminResourceList,
  type Loadable,
} from './admin-store.ts';
import { FEATURED_COUNT } from '../lib/store-query.ts';
import { read } from './query.ts';

/**
 * /admin/curriculum (curriculum.manage): the catalogue as a whole — resources per status, the
 * featured row and what can join it, and the published store's spread over styles, ages, levels
 * and categories. Review and curation changes go through admin-store.ts, which reads these again.
 */

export const $statusCounts = atom<Loadable<Record<ResourceStatus, number>>>({ status: 'idle' });

/** Resources per status over the whole store (the list counts them whatever its filters). */
export async function loadStatusCounts(): Promise<void> {
  $statusCounts.set({ status: 'loading', data: previous($statusCounts.get()) });
  try {
    const first = await read<AdminResourceList>(resourcesPath({ ...DEFAULT_RESOURCES_QUERY, status: 'all' }, 1));
    const counts = { submitted: 0, published: 0, rejected: 0, draft: 0, archived: 0 } satisfies Record<ResourceStatus, number>;
    for (const s of ADMIN_RESOURCE_STATUSES) counts[s] = first.counts[s] ?? 0;
    $statusCounts.set({ status: 'ready', data: counts });
  } catch (error) {
    $statusCounts.set({ status: 'error', message: loadMessage(error, 'the counts') });
  }
}

/** How many featured resources the store's row shows at a time. */
export const FEATURED_ROW_SIZE = FEATURED_COUNT;

export const $featured = atom<Loadable<ResourceSummary[]>>({ status: 'idle' });

export async function loadFeatured(): Promise<void> {
  $featured.set({ status: 'loading', data: previous($featured.get()) });
  try {
    const list = await read<AdminResourceList>('/api/curriculum-all?featured=true&page_size=100');
    $featured.set({ status: 'ready', data: list.data.filter((r) => r.featured) });
  } catch (error) {
    $featured.set({ status: 'error', message: loadMessage(error, 'the featured resources') });
  }
}

/** Published resources not in the row yet, found by title: what can join it. */
export const $candidateSearch = atom('');
export const $featureCandidates = atom<Loadable<ResourceSummary[]>>({ status: 'idle' });
let candidatesTimer: ReturnType<typeof setTimeout> | undefined;

async function fetchCandidates(): Promise<void> {
  const q = $candidateSearch.get().trim();
  $featureCandidates.set({ status: 'loading', data: previous($featureCandidates.get()) });
  try {
    const list = await read<AdminResourceList>(resourcesPath({ ...DEFAULT_RESOURCES_QUERY, status: 'published', q }, 20));
    if ($candidateSearch.get().trim() === q) $featureCandidates.set({ status: 'ready', data: list.data.filter((r) => !r.featured) });
  } catch (error) {
    $featureCandidates.set({ status: 'error', message: loadMessage(error, 'the published resources') });
  }
}

export function loadFeatureCandidates(): Promise<void> {
  return fetchCandidates();
}

export function setCandidateSearch(q: string): void {
  $candidateSearch.set(q);
  clearTimeout(candidatesTimer);
  candidatesTimer = setTimeout(() => void fetchCandidates(), SEARCH_DEBOUNCE_MS);
}

/** The published store's facets (GET /api/resources): where the catalogue is thin. */
export const $catalogueFacets = atom<Loadable<ResourceFacets>>({ status: 'idle' });

export async function loadCatalogueFacets(): Promise<void> {
  $catalogueFacets.set({ status: 'loading', data: previous($catalogueFacets.get()) });
  try {
    const list = await read<ResourceList>('/api/resources?page_size=1');
    $catalogueFacets.set({ status: 'ready', data: list.facets });
  } catch (error) {
    $catalogueFacets.set({ status: 'error', message: loadMessage(error, "the catalogue's figures") });
  }
}

whenResourcesChange(async () => {
  const tasks: Promise<void>[] = [];
  if ($statusCounts.get().status !== 'idle') tasks.push(loadStatusCounts());
  if ($featured.get().status !== 'idle') tasks.push(loadFeatured());
  if ($featureCandidates.get().status !== 'idle') tasks.push(fetchCandidates());
  if ($catalogueFacets.get().status !== 'idle') tasks.push(loadCatalogueFacets());
  await Promise.all(tasks);
});
