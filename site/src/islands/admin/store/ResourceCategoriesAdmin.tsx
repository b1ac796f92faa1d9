import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { CATEGORY_NAME_MAX, createResourceCategorySchema } from '../../../../../worker/src/schemas/store.ts';
import { CategoryNameForm } from '../../../components/CategoryNameForm.tsx';
import ResponsiveTable, { type TableColumn } from '../../../components/ResponsiveTable.tsx';
import type { ChangeResult } from '../../../stores/admin-store.ts';
import {
  $resourceCategories,
  $resourceCategoryProblem,
  createResourceCategory,
  deleteResourceCategory,
  dismissResourceCategoryProblem,
  loadResourceCategories,
  renameResourceCategory,
  type ResourceCategoryRow,
} from '../../../stores/resource-categories.ts';
import { withErrorBoundary } from '../../ErrorBoundary.tsx';
import { ConfirmDialog, ErrorState, LoadingState } from '../AdminStates.tsx';
import { PermissionGate } from '../PermissionGate.tsx';
import { formatCount, Panel } from './parts.tsx';

/** The API's own rule for a category's name. */
const nameSchema = createResourceCategorySchema.pick({ name: true });

function NameForm(props: { initial: string; label: string; submitLabel: string; onSubmit: (name: string) => Promise<ChangeResult>; onCancel?: () => void }) {
  return <CategoryNameForm {...props} schema={nameSchema} maxLength={CATEGORY_NAME_MAX} className="store-name-form" />;
}

function CategoriesList() {
  const state = useStore($resourceCategories);
  const problem = useStore($resourceCategoryProblem);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<ResourceCategoryRow | null>(null);

  useEffect(() => {
    void loadResourceCategories();
  }, []);

  const data = state.status === 'ready' || state.status === 'loading' ? state.data : undefined;

  const columns: TableColumn<ResourceCategoryRow>[] = [
    {
      header: 'Name',
      rowHeader: true,
      cell: (c) =>
        editing === c.id ? (
          <NameForm
            initial={c.name}
            label={`New name for ${c.name}`}
            submitLabel="Save"
            onCancel={() => setEditing(null)}
            onSubmit={async (name) => {
              const result = await renameResourceCategory(c.id, name);
              if (result.ok) setEditing(null);
              return result;
            }}
          />
        ) : (
          <span className="store-break">
            {c.name}
            {c.description && <span className="admin-sub">{c.description}</span>}
          </span>
        ),
    },
    { header: 'Resources', align: 'end', cell: (c) => formatCount(c.resource_count) },
    { header: 'In the store', align: 'end', cell: (c) => formatCount(c.published_count) },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (c) =>
        editing === c.id ? null : (
          <span className="cluster store-actions">
            <button type="button" className="btn btn-secondary btn-sm" aria-label={`Rename ${c.name}`} onClick={() => setEditing(c.id)}>
              Rename
            </button>
            <button type="button" className="btn btn-danger btn-sm" aria-label={`Delete ${c.name}`} onClick={() => setDeleting(c)}>
              Delete
            </button>
          </span>
        ),
    },
  ];

  return (
    <div className="admin-stack">
      <Panel id="new-resource-category" title="New category">
        <NameForm initial="" label="Category name" submitLabel="Add Category" onSubmit={createResourceCategory} />
      </Panel>

      {problem && (
        <div className="alert alert-error admin-error" role="alert">
          <p>{problem}</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={dismissResourceCategoryProblem}>
            Dismiss
          </button>
        </div>
      )}

      {state.status === 'error' && <ErrorState message={state.message} onRetry={() => void loadResourceCategories()} />}
      {!data && state.status !== 'error' && <LoadingState label="Loading categories..." />}
      {data &&
        (data.length === 0 ? (
          <p className="card admin-empty">No categories yet. Add the first one above: sellers file each resource under one.</p>
        ) : (
          <ResponsiveTable caption="Resource categories" columns={columns} rows={data} rowKey={(c) => c.id} busy={state.status === 'loading'} />
        ))}

      {deleting && (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setDeleting(null);
          }}
          title="Delete Category"
          description={`Are you sure you want to delete the category “${deleting.name}”? This action cannot be undone.`}
          confirmLabel="Delete"
          destructive
          onConfirm={async () => {
            await deleteResourceCategory(deleting);
            // Closes either way: a refusal (409) is shown above the list.
            setDeleting(null);
            return true;
          }}
        />
      )}
    </div>
  );
}

/** /admin/resource-categories and /admin/curriculum-categories: resource_categories.manage. */
function ResourceCategoriesAdmin() {
  return (
    <PermissionGate action="resource_categories.manage" what="Resource categories">
      {() => <CategoriesList />}
    </PermissionGate>
  );
}

export default withErrorBoundary(ResourceCategoriesAdmin);
