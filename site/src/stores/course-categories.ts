import { atom } from 'nanostores';
import { ApiError, apiFetch, type ValidationErrors } from '../lib/api.ts';
import { errorMessage, unwrapList, type CategoryOption } from './course-admin.ts';
import { bind, courseKeys, invalidate, keys, startingWith, toLoadable, type Loadable } from './query.ts';
import { toast } from './toasts.ts';

/** /admin/course-categories: the dance styles courses are filed under. */

export const $courseCategories = atom<Loadable<CategoryOption[]>>({ status: 'idle' });
/** The last refusal (e.g. the 409 of a category in use), shown above the list. */
export const $categoryProblem = atom<string | null>(null);

export async function loadCourseCategories(): Promise<void> {
  await bind<unknown, Loadable<CategoryOption[]>>($courseCategories, keys.categories, (v) =>
    toLoadable(v, (raw) => unwrapList<CategoryOption>(raw), () => 'Failed to load categories'),
  );
}

export type CategoryResult = { ok: true } | { ok: false; message: string; validationErrors?: ValidationErrors };

async function run(call: () => Promise<unknown>, success: string, failureTitle: string): Promise<CategoryResult> {
  $categoryProblem.set(null);
  try {
    await call();
    toast({ title: 'Success', description: success });
    // course lists and pages show their category's name
    invalidate((key) => startingWith(keys.categories)(key) || courseKeys()(key));
    await loadCourseCategories();
    return { ok: true };
  } catch (error) {
    const message = errorMessage(error);
    toast({ title: failureTitle, description: message, variant: 'destructive' });
    if (error instanceof ApiError && error.status === 409) $categoryProblem.set(message);
    return { ok: false, message, validationErrors: error instanceof ApiError ? error.validationErrors : undefined };
  }
}

export function createCategory(name: string): Promise<CategoryResult> {
  return run(() => apiFetch('/api/categories', { method: 'POST', json: { name } }), 'Category created successfully', 'Failed to create category');
}

export function renameCategory(id: number, name: string): Promise<CategoryResult> {
  return run(() => apiFetch(`/api/categories/${id}`, { method: 'PATCH', json: { name } }), 'Category updated successfully', 'Failed to update category');
}

/** Only a category no course uses can go; the server answers 409 with its reason otherwise. */
export function deleteCategory(id: number): Promise<CategoryResult> {
  return run(() => apiFetch(`/api/categories/${id}`, { method: 'DELETE' }), 'Category deleted successfully', 'Failed to delete category');
}

export function dismissCategoryProblem(): void {
  $categoryProblem.set(null);
}
