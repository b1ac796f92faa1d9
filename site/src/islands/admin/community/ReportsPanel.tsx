import { useStore } from '@nanostores/react';
import { ConfirmDialog, ErrorState, LoadingState, formatDateTime } from '../AdminStates.tsx';
import { $busy, $reportStatus, REPORT_STATUSES, decideReport, reports, setReportStatus, suspendAuthorOf, type CommunityReportView } from '../../../stores/community-moderation.ts';
import { Context, Pager, PostBlock, reasonLabel } from './parts.tsx';

const DECIDED_BADGES = { actioned: { label: 'Acted on', tone: 'badge-danger' }, dismissed: { label: 'Dismissed', tone: 'badge-primary' } } as const;

function ReportCard({ report }: { report: CommunityReportView }) {
  const busy = useStore($busy).has(`report:${report.id}`);
  const headingId = `community-report-${report.id}`;
  const what = report.post.kind;
  const others = report.report_count - (report.status === 'open' ? 1 : 0);
  return (
    <article className="card admin-message community-mod-card" aria-labelledby={headingId}>
      <header className="admin-message-head">
        <Context question={report.question} target={report.target} headingId={headingId} />
      </header>
      <PostBlock post={report.post} />
      <div className="community-mod-report">
        <p>
          {report.status !== 'open' && <span className={`badge ${DECIDED_BADGES[report.status].tone}`}>{DECIDED_BADGES[report.status].label}</span>}{' '}
          <strong>{reasonLabel(report.reason)}</strong>, reported by {report.reporter.name} ·{' '}
          <time dateTime={report.created_at}>{formatDateTime(report.created_at)}</time>
        </p>
        {report.detail && <p className="admin-prewrap community-mod-detail">{report.detail}</p>}
        {others > 0 && (
          <p className="muted">
            {others} more open {others === 1 ? 'report' : 'reports'} of this post: deciding decides them too.
          </p>
        )}
      </div>
      <div className="admin-message-actions">
        {report.status === 'open' && (
          <>
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void decideReport(report, 'dismiss')}>
              Dismiss
            </button>
            {report.post.status === 'visible' && (
              <ConfirmDialog
                trigger={
                  <button type="button" className="btn btn-danger" disabled={busy}>
                    Hide {what}
                  </button>
                }
                title={`Hide this ${what}?`}
                description="Only its author and moderators will see it; it can be restored. Every open report of it is closed."
                confirmLabel={`Hide ${what}`}
                destructive
                onConfirm={() => decideReport(report, 'hide')}
              />
            )}
            {report.post.status !== 'deleted' && (
              <ConfirmDialog
                trigger={
                  <button type="button" className="btn btn-danger" disabled={busy}>
                    Delete {what}
                  </button>
                }
                title={`Delete this ${what}?`}
                description="Its text is removed for good (the audit log keeps it). Every open report of it is closed."
                confirmLabel={`Delete ${what}`}
                destructive
                onConfirm={() => decideReport(report, 'delete')}
              />
            )}
          </>
        )}
        {report.post.author && !report.post.author.badge && (
          <button type="button" className="btn btn-ghost" onClick={() => suspendAuthorOf(report.post.author!)}>
            Suspend {report.post.author.name}
          </button>
        )}
      </div>
    </article>
  );
}

/** The reported posts, one status at a time. */
export function ReportsPanel() {
  const state = useStore(reports.$state);
  const status = useStore($reportStatus);
  const data = state.status === 'error' ? undefined : state.data;
  return (
    <div className="admin-stack">
      <div className="admin-toolbar">
        <div className="admin-segmented" role="group" aria-label="Show reports">
          {REPORT_STATUSES.map((s) => (
            <button key={s.value} type="button" className={status === s.value ? 'btn btn-primary' : 'btn btn-secondary'} aria-pressed={status === s.value} onClick={() => setReportStatus(s.value)}>
              {s.label}
            </button>
          ))}
        </div>
      </div>
      {state.status === 'error' && <ErrorState message={state.message} onRetry={reports.reload} />}
      {!data && state.status === 'loading' && <LoadingState label="Loading reports..." />}
      {data &&
        (data.length === 0 ? (
          <p className="card admin-empty">{status === 'open' ? 'No open reports. Nothing needs a decision.' : 'No reports here.'}</p>
        ) : (
          <ul className="admin-messages" aria-busy={state.status === 'loading'} aria-label="Reports">
            {data.map((r) => (
              <li key={r.id}>
                <ReportCard report={r} />
              </li>
            ))}
          </ul>
        ))}
      <Pager list={reports} />
    </div>
  );
}
