import type { ResourceCategoryRef, ResourceStatus, ResourceSummary } from './views.ts';

/** What the API answers and the site reads of worker/src/services/store/resource-reads.ts (decision 0054). */

/** A resource category with how many resources use it. */
export interface ResourceCategoryView extends ResourceCategoryRef {
  description: string;
  position: number;
  /** Resources filed under it, whatever their status. */
  resource_count: number;
  /** Public ones. */
  published_count: number;
}

export interface AdminResourceList {
  data: ResourceSummary[];
  total: number;
  page: number;
  page_size: number;
  /** Tokens of the pages after and before this one (decision 0045). */
  next: string | null;
  prev: string | null;
  /** Resources per status over the whole store, whatever the filters. */
  counts: Record<ResourceStatus, number>;
}
