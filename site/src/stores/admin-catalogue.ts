import { atom } from 'nanostores';
import type { ResourceFacets, ResourceList, ResourceStatus, ResourceSummary } from '../../../shared/store/views.ts';
import { ADMIN_RESOURCE_STATUSES, DEFAULT_RESOURCES_QUERY, loadMessage, resourcesPath, SEARCH_DEBOUNCE_MS } from './admin-store.ts';
import { type AdminResourceList } from '../../../shared/store/resource-reads.ts';
import { FEATURED_COUNT } from '../../../shared/store-query.ts';
import { bindLoadable, debounced, type Loadable } from './query.ts';
import { api, keyOf } from '../lib/api-client.ts';

/**
 * /admin/curriculum (curriculum.manage): the catalogue as a whole — resources per status, the
 * featured row and what can join it, and the published store's spread over styles, ages, levels
 * and categories. Review and curation changes go through admin-store.ts: these reads, bound to their keys, are
 * read again after one while they are on screen.
 */

export const $statusCounts = atom<Loadable<Record<ResourceStatus, number>>>({ status: 'idle' });

/** Resources per status over the whole store (the list counts them whatever its filters). */
export async function loadStatusCounts(): Promise<void> {
  await bindLoadable($statusCounts, resourcesPath({ ...DEFAULT_RESOURCES_QUERY, status: 'all' }, 1), {
    pick: (first: AdminResourceList) => {
      const counts = { submitted: 0, published: 0, rejected: 0, draft: 0, archived: 0 } satisfies Record<ResourceStatus, number>;
      for (const s of ADMIN_RESOURCE_STATUSES) counts[s] = first.counts[s] ?? 0;
      return counts;
    },
    failed: (error) => loadMessage(error, 'the counts'),
  });
}

/** How many featured resources the store's row shows at a time. */
export const FEATURED_ROW_SIZE = FEATURED_COUNT;

export const $featured = atom<Loadable<ResourceSummary[]>>({ status: 'idle' });

export async function loadFeatured(): Promise<void> {
  await bindLoadable($featured, keyOf(api['curriculum-all'], { query: { featured: 'true', page_size: '100' } }), {
    pick: (list: AdminResourceList) => list.data.filter((r) => r.featured),
    failed: (error) => loadMessage(error, 'the featured resources'),
  });
}

/** Published resources not in the row yet, found by title: what can join it. */
export const $candidateSearch = atom('');
export const $featureCandidates = atom<Loadable<ResourceSummary[]>>({ status: 'idle' });
const candidatesSearch = debounced(SEARCH_DEBOUNCE_MS);

async function fetchCandidates(): Promise<void> {
  const q = $candidateSearch.get().trim();
  await bindLoadable($featureCandidates, resourcesPath({ ...DEFAULT_RESOURCES_QUERY, status: 'published', q }, 20), {
    pick: (list: AdminResourceList) => list.data.filter((r) => !r.featured),
    failed: (error) => loadMessage(error, 'the published resources'),
  });
}

export function loadFeatureCandidates(): Promise<void> {
  return fetchCandidates();
}

export function setCandidateSearch(q: string): void {
  $candidateSearch.set(q);
  candidatesSearch.run(() => void fetchCandidates());
}

/** The published store's facets (GET /api/resources): where the catalogue is thin. */
export const $catalogueFacets = atom<Loadable<ResourceFacets>>({ status: 'idle' });

export async function loadCatalogueFacets(): Promise<void> {
  await bindLoadable($catalogueFacets, keyOf(api.resources, { query: { page_size: '1' } }), {
    pick: (list: ResourceList) => list.facets,
    failed: (error) => loadMessage(error, "the catalogue's figures"),
  });
}
