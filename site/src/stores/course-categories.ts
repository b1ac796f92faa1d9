import { atom } from 'nanostores';
import { ApiError, type ValidationErrors } from '../lib/api.ts';
import { api, call, keyOf } from '../lib/api-client.ts';
import { errorMessage, unwrapList, type CategoryOption } from './course-admin.ts';
import { bind, courseKeys, invalidate, startingWith, toLoadable, type Loadable } from './query.ts';

const CATEGORIES_KEY = keyOf(api.categories);
import { toast } from './toasts.ts';

/** /admin/course-categories: the dance styles courses are filed under. */

export const $courseCategories = atom<Loadable<CategoryOption[]>>({ status: 'idle' });
/** The last refusal (e.g. the 409 of a category in use), shown above the list. */
export const $categoryProblem = atom<string | null>(null);

export async function loadCourseCategories(): Promise<void> {
  await bind<unknown, Loadable<CategoryOption[]>>($courseCategories, CATEGORIES_KEY, (v) =>
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
    invalidate((key) => startingWith(CATEGORIES_KEY)(key) || courseKeys()(key));
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
  return run(() => call(api.categories.$post({ json: { name } })), 'Category created successfully', 'Failed to create category');
}

export function renameCategory(id: number, name: string): Promise<CategoryResult> {
  return run(() => call(api.categories[':id'].$patch({ param: { id: String(id) }, json: { name } })), 'Category updated successfully', 'Failed to update category');
}

/** Only a category no course uses can go; the server answers 409 with its reason otherwise. */
export function deleteCategory(id: number): Promise<CategoryResult> {
  return run(() => call(api.categories[':id'].$delete({ param: { id: String(id) } })), 'Category deleted successfully', 'Failed to delete category');
}

export function dismissCategoryProblem(): void {
  $categoryProblem.set(null);
}
