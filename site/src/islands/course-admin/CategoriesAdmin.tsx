import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { categoryNameSchema, CATEGORY_NAME_MAX } from '../../../../worker/src/schemas/courses.ts';
import { CategoryNameForm } from '../../components/CategoryNameForm.tsx';
import { loaded, type CategoryOption } from '../../stores/course-admin.ts';
import {
  $categoryProblem,
  $courseCategories,
  createCategory,
  deleteCategory,
  dismissCategoryProblem,
  loadCourseCategories,
  renameCategory,
} from '../../stores/course-categories.ts';
import { ConfirmDialog } from '../admin/AdminStates.tsx';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { DataTable, ListStates } from './list-parts.tsx';
import { PermissionGate } from '../admin/PermissionGate.tsx';
import '../../styles/course-admin.css';

function NameInput(props: { initial: string; label: string; submitLabel: string; onSubmit: (name: string) => Promise<{ ok: boolean; validationErrors?: Record<string, string[]> }>; onCancel?: () => void }) {
  return <CategoryNameForm {...props} schema={categoryNameSchema} maxLength={CATEGORY_NAME_MAX} className="ca-inline-form" />;
}

/** /admin/course-categories: create, rename and delete the categories no course uses. */
function CategoriesAdminContent() {
  const state = useStore($courseCategories);
  const problem = useStore($categoryProblem);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<CategoryOption | null>(null);

  useEffect(() => {
    void loadCourseCategories();
  }, []);

  const list = loaded(state);

  return (
    <div className="ca-stack">
      <section className="ca-panel" aria-labelledby="new-category">
        <h2 id="new-category" style={{ marginTop: 0 }}>
          New category
        </h2>
        <NameInput initial="" label="Category name" submitLabel="Add Category" onSubmit={createCategory} />
      </section>

      {problem && (
        <div className="alert alert-error" role="alert">
          <p>{problem}</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={dismissCategoryProblem}>
            Dismiss
          </button>
        </div>
      )}

      <ListStates
        state={state}
        items={list}
        loadingLabel="Loading categories..."
        empty="No categories yet. Add the first one above."
        onRetry={() => void loadCourseCategories()}
      />
      {list && list.length > 0 && (
        <DataTable caption="Course categories" columns={['Name', 'Courses', 'Published']} actions>
          {list.map((c) => (
            <tr key={c.id}>
              <th scope="row">
                {editing === c.id ? (
                  <NameInput
                    initial={c.name}
                    label={`New name for ${c.name}`}
                    submitLabel="Save"
                    onCancel={() => setEditing(null)}
                    onSubmit={async (name) => {
                      const result = await renameCategory(c.id, name);
                      if (result.ok) setEditing(null);
                      return result;
                    }}
                  />
                ) : (
                  c.name
                )}
              </th>
              <td>{c.course_count ?? 0}</td>
              <td>{c.published_course_count ?? 0}</td>
              <td>
                {editing !== c.id && (
                  <div className="ca-actions">
                    <button type="button" className="btn btn-secondary btn-sm" onClick={() => setEditing(c.id)} aria-label={`Rename ${c.name}`}>
                      Rename
                    </button>
                    <button
                      type="button"
                      className="btn btn-danger btn-sm"
                      onClick={() => setDeleting(c)}
                      aria-label={`Delete ${c.name}`}
                      title={(c.course_count ?? 0) > 0 ? 'Courses use this category; it cannot be deleted until they move.' : undefined}
                    >
                      Delete
                    </button>
                  </div>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {deleting && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setDeleting(null)}
          title="Delete Category"
          description={`Are you sure you want to delete the category “${deleting.name}”? This action cannot be undone.`}
          confirmLabel="Delete"
          destructive
          onConfirm={async () => {
            await deleteCategory(deleting.id);
            // Closes either way: a refusal (409) is shown above the list.
            setDeleting(null);
            return true;
          }}
        />
      )}
    </div>
  );
}

/** The page's action in the permission table (decision 0013); other roles containing ADMIN see why not. */
function CategoriesAdmin() {
  return (
    <PermissionGate action="categories.manage" what="Course categories">
      {() => <CategoriesAdminContent />}
    </PermissionGate>
  );
}

export default withErrorBoundary(CategoriesAdmin);
