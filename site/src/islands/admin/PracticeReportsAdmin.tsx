import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { ConfirmDialog, ErrorState, LoadingState, formatDateTime } from './AdminStates.tsx';
import { PermissionGate } from './PermissionGate.tsx';
import {
  $reportPages,
  $reports,
  $reportsPending,
  $reportStatus,
  REPORT_STATUSES,
  decideReport,
  initPracticeReports,
  nextReportsPage,
  previousReportsPage,
  reloadReports,
  setReportStatus,
  type PracticeReportView,
} from '../../stores/practice-reports.ts';

const KIND_LABELS: Record<PracticeReportView['target_kind'], string> = { take: 'Take', note: 'Note', reply: 'Reply' };
const STATUS_BADGES: Record<PracticeReportView['status'], { label: string; tone: string }> = {
  open: { label: 'Open', tone: 'badge-warning' },
  actioned: { label: 'Hidden', tone: 'badge-danger' },
  dismissed: { label: 'Dismissed', tone: 'badge-primary' },
};

function ReportCard({ report }: { report: PracticeReportView }) {
  const pending = useStore($reportsPending).has(report.id);
  const headingId = `practice-report-${report.id}`;
  const what = KIND_LABELS[report.target_kind].toLowerCase();
  const badge = STATUS_BADGES[report.status];
  return (
    <article className="card admin-message" aria-labelledby={headingId}>
      <header className="admin-message-head">
        <div className="admin-message-title">
          <span className="badge">{KIND_LABELS[report.target_kind]}</span>
          {report.status !== 'open' && <span className={`badge ${badge.tone}`}>{badge.label}</span>}
          <h2 id={headingId} className="admin-message-subject">
            {report.course.title || 'A deleted course'}
          </h2>
        </div>
        <p className="muted">
          Reported by <strong>{report.reporter?.name ?? 'a deleted account'}</strong> · <time dateTime={report.created_at}>{formatDateTime(report.created_at)}</time>
        </p>
      </header>
      <blockquote className="practice-report-excerpt admin-prewrap">{report.excerpt}</blockquote>
      <p className="admin-message-body admin-prewrap">
        <span className="muted">Reason: </span>
        {report.reason}
      </p>
      <div className="admin-message-actions">
        {report.feedback_id !== null && (
          <a className="btn btn-ghost" href={`/practice/feedback/${report.feedback_id}`}>
            Open the feedback
          </a>
        )}
        {report.status === 'open' && (
          <>
            <button type="button" className="btn btn-secondary" disabled={pending} onClick={() => void decideReport(report.id, 'dismiss')}>
              Dismiss
            </button>
            <ConfirmDialog
              trigger={
                <button type="button" className="btn btn-danger" disabled={pending}>
                  Hide {what}
                </button>
              }
              title={`Hide this ${what}?`}
              description={
                report.target_kind === 'take'
                  ? 'The learner and the instructors will no longer see the video. Moderators still can. Every open report of it is closed.'
                  : `Nobody but moderators will see this ${what}. Every open report of it is closed.`
              }
              confirmLabel={`Hide ${what}`}
              destructive
              onConfirm={() => decideReport(report.id, 'hide')}
            />
          </>
        )}
      </div>
    </article>
  );
}

/** /admin/practice-reports: reported takes, notes and replies of the practice room, for the moderators. */
function PracticeReportsQueue() {
  const state = useStore($reports);
  const status = useStore($reportStatus);
  const pages = useStore($reportPages);

  useEffect(() => {
    initPracticeReports();
  }, []);

  const data = state.status === 'error' ? undefined : state.data;
  const next = state.status === 'ready' ? state.next : null;

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

      {state.status === 'error' && <ErrorState message={state.message} onRetry={reloadReports} />}
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

      {data && (pages.length > 0 || next) && (
        <nav className="admin-pagination" aria-label="Pagination">
          <button type="button" className="btn btn-secondary" disabled={pages.length === 0} onClick={previousReportsPage}>
            Previous
          </button>
          <span aria-current="page">Page {pages.length + 1}</span>
          <button type="button" className="btn btn-secondary" disabled={!next} onClick={nextReportsPage}>
            Next
          </button>
        </nav>
      )}
    </div>
  );
}

function PracticeReportsAdmin() {
  return (
    <PermissionGate action="practice.moderate" what="The practice room's reports">
      {() => <PracticeReportsQueue />}
    </PermissionGate>
  );
}

export default withErrorBoundary(PracticeReportsAdmin);
