import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import { ExportCsvButton } from '../../components/admin/ExportCsvButton.tsx';
import { FilterSummary, SearchFilter, SelectFilter } from '../../components/admin/ListFilters.tsx';
import { Pager } from '../../components/Pager.tsx';
import type { TableColumn } from '../../components/ResponsiveTable.tsx';
import { auditDiff, fieldLabel, formatAuditValue } from '../../lib/audit-diff.ts';
import { $auditExportHref, $auditFiltered, $auditList, $auditQuery, AUDIT_ACTION_NAMES, AUDIT_ENTITIES, AUDIT_PAGE_SIZE, auditActionLabel, clearAuditFilters, entityLabel, initAuditLog, reloadAuditLog, setAuditFilter, setAuditPage, setAuditText } from '../../stores/admin-audit.ts';
import { type AuditEntryView } from '../../../../shared/audit-log.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { formatDateTime, ListTable } from './AdminStates.tsx';
import { PermissionGate } from './PermissionGate.tsx';

/** An entry's before and after as the fields it changed: "Percent off: 10 → 25". */
function EntryChanges({ entry }: { entry: AuditEntryView }) {
  const changes = auditDiff(entry.before, entry.after);
  const what = entry.before === null ? 'created' : entry.after === null ? 'deleted' : 'changed';
  return (
    <details className="audit-details">
      <summary>
        {changes.length === 0 ? 'No field changed' : `${changes.length} field${changes.length === 1 ? '' : 's'} ${what}`}
        <span className="visually-hidden"> in entry {entry.id}</span>
      </summary>
      {changes.length > 0 && (
        <dl className="audit-diff" aria-label={`Changes of entry ${entry.id}`}>
          {changes.map((c) => (
            <div key={c.field} className="audit-diff-row">
              <dt>{fieldLabel(c.field)}</dt>
              <dd>
                {c.kind !== 'added' && (
                  <del className="audit-before">
                    <span className="visually-hidden">Before: </span>
                    {formatAuditValue(c.before)}
                  </del>
                )}
                {c.kind === 'changed' && <span aria-hidden="true"> → </span>}
                {c.kind !== 'removed' && (
                  <ins className="audit-after">
                    <span className="visually-hidden">After: </span>
                    {formatAuditValue(c.after)}
                  </ins>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </details>
  );
}

const COLUMNS: TableColumn<AuditEntryView>[] = [
  {
    header: 'When',
    rowHeader: true,
    cell: (e) => <time dateTime={e.created_at}>{formatDateTime(e.created_at)}</time>,
  },
  {
    header: 'Who',
    cell: (e) => (
      <>
        <span>{e.actor_name}</span>
        <span className="admin-sub">{e.actor_id === null ? 'account deleted' : e.actor_roles.join(', ')}</span>
      </>
    ),
  },
  {
    header: 'Action',
    cell: (e) => (
      <>
        <span>{e.action_label}</span>
        <span className="admin-sub">
          {entityLabel(e.entity)}
          {e.entity_id ? ` #${e.entity_id}` : ''}
        </span>
      </>
    ),
  },
  {
    header: 'What happened',
    cell: (e) => (
      <div className="audit-what">
        <p>{e.summary}</p>
        <EntryChanges entry={e} />
      </div>
    ),
  },
];

function AuditLogList() {
  const query = useStore($auditQuery);
  const list = useStore($auditList);
  const filtered = useStore($auditFiltered);
  const exportHref = useStore($auditExportHref);
  const id = useId();

  useEffect(() => {
    initAuditLog();
  }, []);

  const data = list.status === 'ready' || list.status === 'loading' ? list.data : undefined;
  const total = data?.total ?? 0;

  return (
    <div className="admin-stack">
      <form className="card admin-panel commerce-filters" role="search" aria-label="Filter the audit log" onSubmit={(e) => e.preventDefault()}>
        <SearchFilter id={`${id}-q`} className="field commerce-filter-wide" label="Search summaries" placeholder="Words of what happened" value={query.q} maxLength={100} onChange={(v) => setAuditText('q', v)} />
        <SearchFilter id={`${id}-actor`} label="Who" placeholder="Username or user ID" value={query.actor} maxLength={100} onChange={(v) => setAuditText('actor', v)} />
        <SelectFilter
          id={`${id}-action`}
          label="Action"
          allLabel="All actions"
          options={AUDIT_ACTION_NAMES}
          optionLabel={auditActionLabel}
          value={query.action}
          onChange={(action) => setAuditFilter({ action })}
        />
        <SelectFilter id={`${id}-entity`} label="Entity" allLabel="All entities" options={AUDIT_ENTITIES} optionLabel={entityLabel} value={query.entity} onChange={(entity) => setAuditFilter({ entity })} />
        <SearchFilter id={`${id}-entity-id`} label="Entity ID" placeholder="e.g. 42" value={query.entityId} maxLength={80} onChange={(v) => setAuditText('entityId', v)} />
        <div className="field">
          <label htmlFor={`${id}-from`}>From</label>
          <input id={`${id}-from`} type="date" className="input" value={query.from} max={query.to || undefined} onChange={(e) => setAuditFilter({ from: e.currentTarget.value })} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>To</label>
          <input id={`${id}-to`} type="date" className="input" value={query.to} min={query.from || undefined} onChange={(e) => setAuditFilter({ to: e.currentTarget.value })} />
        </div>
        <FilterSummary count={data ? (total === 1 ? '1 entry' : `${total} entries`) : ''} filtered={filtered} onClear={clearAuditFilters}>
          <ExportCsvButton list="audit-log" href={exportHref} />
        </FilterSummary>
      </form>

      <ListTable
        error={list.status === 'error' ? list.message : undefined}
        onRetry={reloadAuditLog}
        loadingLabel="Loading the audit log..."
        empty={filtered ? 'No entries match these filters.' : 'No admin action has been recorded yet.'}
        caption="Audit log entries, newest first"
        columns={COLUMNS}
        rows={data?.data}
        rowKey={(e) => e.id}
        busy={list.status === 'loading'}
      />
      {data && <Pager page={data.page} pageCount={Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE))} onPage={setAuditPage} ends />}
    </div>
  );
}

/** /admin/audit-log: audit.read (ADMIN's). */
function AuditLog() {
  return (
    <PermissionGate action="audit.read" what="The audit log">
      {() => <AuditLogList />}
    </PermissionGate>
  );
}

export default withErrorBoundary(AuditLog);
