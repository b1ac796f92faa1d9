import { atom } from 'nanostores';
import type { ResourceCategoryView } from '../../../shared/store/resource-reads.ts';
import { ApiError } from '../lib/api.ts';
import { api, call, keyOf } from '../lib/api-client.ts';
import { changeMessage, loadMessage, runChange, type ChangeResult } from './admin-store.ts';
import { bindLoadable, type Loadable } from './query.ts';

/**
 * /admin/resource-categories and /admin/curriculum-categories (resource_categories.manage): the
 * kinds of resource the store files its lessons under (lesson plans, syllabi, music lists ...).
 * Read from GET /api/categories?kind=resource; written through /api/resource-categories.
 */

/** A category with how many resources use it (GET /api/categories?kind=resource). */
export type ResourceCategoryRow = ResourceCategoryView;

export const RESOURCE_CATEGORIES_KEY = keyOf(api.categories, { query: { kind: 'resource' } });

export const $resourceCategories = atom<Loadable<ResourceCategoryRow[]>>({ status: 'idle' });
/** The last refusal (the API's 409, e.g. a category in use), shown above the list until dismissed. */
export const $resourceCategoryProblem = atom<string | null>(null);

export function categoryList(answer: unknown): ResourceCategoryRow[] {
  if (Array.isArray(answer)) return answer as ResourceCategoryRow[];
  const data = (answer as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? (data as ResourceCategoryRow[]) : [];
}

export async function loadResourceCategories(): Promise<void> {
  await bindLoadable($resourceCategories, RESOURCE_CATEGORIES_KEY, { pick: categoryList, failed: (error) => loadMessage(error, 'the resource categories') });
}

async function write(call: () => Promise<unknown>, done: string, failed: string): Promise<ChangeResult> {
  $resourceCategoryProblem.set(null);
  let refusal: string | null = null;
  const result = await runChange(
    async () => {
      try {
        await call();
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) refusal = changeMessage(error);
        throw error;
      }
    },
    done,
    failed,
  );
  if (refusal) $resourceCategoryProblem.set(refusal);
  await loadResourceCategories();
  return result;
}

export function createResourceCategory(name: string): Promise<ChangeResult> {
  return write(() => call(api['resource-categories'].$post({ json: { name } })), `Category “${name.trim()}” created successfully`, 'create category');
}

export function renameResourceCategory(id: number, name: string): Promise<ChangeResult> {
  return write(() => call(api['resource-categories'][':id'].$patch({ param: { id: String(id) }, json: { name } })), `Category renamed to “${name.trim()}”`, 'update category');
}

/** The API refuses (409) a category resources still use, and says so. */
export function deleteResourceCategory(category: ResourceCategoryRow): Promise<ChangeResult> {
  return write(() => call(api['resource-categories'][':id'].$delete({ param: { id: String(category.id) } })), `Category “${category.name}” deleted successfully`, 'delete category');
}

export function dismissResourceCategoryProblem(): void {
  $resourceCategoryProblem.set(null);
}
