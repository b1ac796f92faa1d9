import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import ModalDialog from '../../components/ModalDialog.tsx';
import type { TableColumn } from '../../components/ResponsiveTable.tsx';
import {
  $danceStyles,
  addDanceStyle,
  deleteDanceStyle,
  loadDanceStyles,
  moveDanceStyle,
  renameDanceStyle,
  setDanceStyleHidden,
  usageText,
  type AdminDanceStyleView,
} from '../../stores/admin-connect.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { ListTable } from './AdminStates.tsx';
import { PermissionGate } from './PermissionGate.tsx';

const NAME_MAX = 60;

function AddStyleForm() {
  const id = useId();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setError('Name is required');
      return;
    }
    setBusy(true);
    const result = await addDanceStyle({ name, description });
    setBusy(false);
    if (result.ok) {
      setName('');
      setDescription('');
      setError(null);
    } else setError(result.validationErrors?.name?.[0] ?? result.message);
  }

  return (
    <form className="card admin-panel commerce-form" aria-labelledby={`${id}-title`} onSubmit={(e) => void submit(e)} noValidate>
      <h2 id={`${id}-title`} className="admin-section-title commerce-filter-wide">
        Add a style
      </h2>
      <div className="field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input
          id={`${id}-name`}
          className="input"
          value={name}
          maxLength={NAME_MAX}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setName(e.currentTarget.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>Description (optional)</label>
        <input id={`${id}-description`} className="input" value={description} maxLength={500} onChange={(e) => setDescription(e.currentTarget.value)} />
      </div>
      <div className="commerce-filter-actions commerce-filter-wide">
        {error ? (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        ) : (
          <p className="muted">New styles go to the end of the list.</p>
        )}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Adding...' : 'Add Style'}
        </button>
      </div>
    </form>
  );
}

function RenameDialog({ style, onClose }: { style: AdminDanceStyleView; onClose: () => void }) {
  const id = useId();
  const [name, setName] = useState(style.name);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await renameDanceStyle(style, name);
    setBusy(false);
    if (result.ok) onClose();
    else setError(result.validationErrors?.name?.[0] ?? result.message);
  }
  return (
    <ModalDialog open onOpenChange={(open) => !open && onClose()} title={`Rename ${style.name}`} description="A style nothing uses yet can be renamed." busy={busy}>
      <form onSubmit={(e) => void submit(e)} noValidate className="admin-stack">
        <div className="field">
          <label htmlFor={`${id}-name`}>New name</label>
          <input id={`${id}-name`} className="input" value={name} maxLength={NAME_MAX} onChange={(e) => setName(e.currentTarget.value)} aria-invalid={error ? true : undefined} />
        </div>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <div className="drx-dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

function DeleteDialog({ style, onClose }: { style: AdminDanceStyleView; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <ModalDialog open role="alertdialog" onOpenChange={(open) => !open && onClose()} title={`Delete ${style.name}?`} description="The style is removed from the list for good." busy={busy}>
      <div className="drx-dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-danger"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            await deleteDanceStyle(style);
            setBusy(false);
            onClose();
          }}
        >
          {busy ? 'Deleting...' : 'Delete'}
        </button>
      </div>
    </ModalDialog>
  );
}

function StylesList() {
  const state = useStore($danceStyles);
  const [renaming, setRenaming] = useState<AdminDanceStyleView | null>(null);
  const [deleting, setDeleting] = useState<AdminDanceStyleView | null>(null);
  const [moving, setMoving] = useState(false);

  useEffect(() => {
    void loadDanceStyles();
  }, []);

  const list = state.status === 'ready' || state.status === 'loading' ? state.data : undefined;

  const move = async (style: AdminDanceStyleView, direction: -1 | 1) => {
    setMoving(true);
    await moveDanceStyle(style, direction);
    setMoving(false);
  };

  const columns: TableColumn<AdminDanceStyleView>[] = [
    {
      header: 'Style',
      rowHeader: true,
      cell: (s) => (
        <>
          <strong>{s.name}</strong>
          {s.description && <span className="admin-sub">{s.description}</span>}
        </>
      ),
    },
    { header: 'Position', align: 'end', cell: (s) => s.position },
    { header: 'Shown', cell: (s) => <span className={s.hidden ? 'badge badge-warning' : 'badge badge-success'}>{s.hidden ? 'Hidden' : 'Visible'}</span> },
    { header: 'Used by', cell: (s) => usageText(s) },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (s) => {
        const index = list?.findIndex((x) => x.id === s.id) ?? -1;
        const hintId = `style-delete-hint-${s.id}`;
        return (
          <div className="connect-actions">
            <button type="button" className="btn btn-secondary btn-sm" aria-label={`Move ${s.name} up`} disabled={moving || index <= 0} onClick={() => void move(s, -1)}>
              Up
            </button>
            <button type="button" className="btn btn-secondary btn-sm" aria-label={`Move ${s.name} down`} disabled={moving || !list || index >= list.length - 1} onClick={() => void move(s, 1)}>
              Down
            </button>
            <button type="button" className="btn btn-secondary btn-sm" aria-label={`${s.hidden ? 'Show' : 'Hide'} ${s.name}`} onClick={() => void setDanceStyleHidden(s, !s.hidden)}>
              {s.hidden ? 'Show' : 'Hide'}
            </button>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              aria-label={`Rename ${s.name}`}
              disabled={s.in_use}
              aria-describedby={s.in_use ? hintId : undefined}
              onClick={() => setRenaming(s)}
            >
              Rename
            </button>
            <button
              type="button"
              className="btn btn-danger btn-sm"
              aria-label={`Delete ${s.name}`}
              disabled={s.in_use}
              aria-describedby={s.in_use ? hintId : undefined}
              onClick={() => setDeleting(s)}
            >
              Delete
            </button>
            {s.in_use && (
              <span id={hintId} className="admin-sub connect-hint">
                In use: hide it instead of renaming or deleting it.
              </span>
            )}
          </div>
        );
      },
    },
  ];

  return (
    <div className="admin-stack">
      <AddStyleForm />
      <ListTable
        error={state.status === 'error' ? state.message : undefined}
        onRetry={() => void loadDanceStyles()}
        loadingLabel="Loading dance styles..."
        empty="No dance styles yet. Add the first one above."
        caption="Dance styles"
        columns={columns}
        rows={list}
        rowKey={(s) => s.id}
        busy={state.status === 'loading'}
      />
      {renaming && <RenameDialog style={renaming} onClose={() => setRenaming(null)} />}
      {deleting && <DeleteDialog style={deleting} onClose={() => setDeleting(null)} />}
    </div>
  );
}

/** /admin/dance-styles: dance_styles.manage (ADMIN's); other admin roles see why not. */
function AdminDanceStyles() {
  return (
    <PermissionGate action="dance_styles.manage" what="Dance styles">
      {() => <StylesList />}
    </PermissionGate>
  );
}

export default withErrorBoundary(AdminDanceStyles);
