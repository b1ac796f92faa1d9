import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { FeedbackQueueItem } from '../../../../shared/practice.ts';
import { formatMoment } from '../../../../shared/take-sync.ts';
import ResponsiveTable, { type TableColumn } from '../../components/ResponsiveTable.tsx';
import {
  back,
  currentCursor,
  dueLabel,
  FIRST_PAGE,
  forward,
  QUEUE_TAB_LABELS,
  QUEUE_TABS,
  queueAddressOf,
  queueFiltersOf,
  verdictLabel,
  type CursorTrail,
  type QueueFilters,
  type QueueTab,
} from '../../lib/feedback.ts';
import { $auth } from '../../stores/auth.ts';
import { $feedbackQueue, loadFeedbackQueue } from '../../stores/feedback.ts';
import { $myCourses, loadMyCourses } from '../../stores/instructor.ts';
import { loaded } from '../../stores/query.ts';
import { ErrorState, formatDate, LoadingState } from '../admin/AdminStates.tsx';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import './feedback.css';

const EMPTY: Record<QueueTab, string> = {
  waiting: 'No takes are waiting for your feedback.',
  overdue: 'Nothing is overdue. Well done.',
  answered: 'No answered requests yet.',
};

function Tabs({ filters, counts, onTab }: { filters: QueueFilters; counts: Record<QueueTab, number> | null; onTab: (tab: QueueTab) => void }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKey = (event: KeyboardEvent, index: number) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    const next = (index + delta + QUEUE_TABS.length) % QUEUE_TABS.length;
    refs.current[next]?.focus();
    onTab(QUEUE_TABS[next]!);
  };
  return (
    <div role="tablist" aria-label="Feedback requests" className="fb-tabs">
      {QUEUE_TABS.map((tab, i) => (
        <button
          key={tab}
          ref={(el) => {
            refs.current[i] = el;
          }}
          id={`fb-tab-${tab}`}
          type="button"
          role="tab"
          aria-selected={filters.status === tab}
          aria-controls="fb-panel"
          tabIndex={filters.status === tab ? 0 : -1}
          className={filters.status === tab ? 'btn btn-primary btn-sm' : 'btn btn-secondary btn-sm'}
          onClick={() => onTab(tab)}
          onKeyDown={(e) => onKey(e, i)}
        >
          {QUEUE_TAB_LABELS[tab]}
          {counts && <span className="fb-count"> {counts[tab].toLocaleString('en-US')}</span>}
        </button>
      ))}
    </div>
  );
}

/**
 * /instructor/feedback: the takes sent for feedback in the courses one teaches (every course for
 * an admin), by tab — Waiting, Overdue, Answered — filtered by course and learner, a page at a time
 * by keyset (Next follows the page's cursor, Previous returns along the cursors already read).
 */
function FeedbackQueue() {
  const id = useId();
  const state = useStore($feedbackQueue);
  const auth = useStore($auth);
  const myCourses = useStore($myCourses);
  // The tab and filters come from the address once in the browser (the server-rendered markup knows no address).
  const [filters, setFilters] = useState<QueueFilters | null>(null);
  const [trail, setTrail] = useState<CursorTrail>(FIRST_PAGE);
  const [learnerNames, setLearnerNames] = useState<Map<number, string>>(new Map());

  useEffect(() => {
    setFilters(queueFiltersOf(location.search));
  }, []);
  useEffect(() => {
    if (filters) void loadFeedbackQueue(filters, currentCursor(trail));
  }, [filters, trail]);

  useEffect(() => {
    if (auth.status === 'ready' && auth.user) void loadMyCourses();
  }, [auth]);

  const page = state.status === 'ready' || state.status === 'loading' ? state.data : undefined;
  const rows = useMemo(() => page?.data ?? [], [page]);

  // The course filter offers one's own courses and any course a row shows (an admin's queue spans every course).
  const courses = useMemo(() => {
    const byId = new Map<number, string>();
    for (const c of loaded(myCourses) ?? []) byId.set(c.id, c.title);
    for (const r of rows) byId.set(r.course.id, r.course.title);
    return [...byId].sort((a, b) => a[1].localeCompare(b[1]));
  }, [myCourses, rows]);

  if (!filters) return <LoadingState label="Loading feedback requests..." />;

  const choose = (next: QueueFilters) => {
    setFilters(next);
    setTrail(FIRST_PAGE);
    history.replaceState(history.state, '', `${location.pathname}${queueAddressOf(next)}`);
  };
  const onlyLearner = (row: FeedbackQueueItem) => {
    setLearnerNames((names) => new Map(names).set(row.learner.id, row.learner.name));
    choose({ ...filters, learnerId: row.learner.id });
  };
  const learnerName = filters.learnerId === null ? null : (learnerNames.get(filters.learnerId) ?? rows.find((r) => r.learner.id === filters.learnerId)?.learner.name ?? `Learner #${filters.learnerId}`);
  const pageNumber = trail.cursors.length;

  const columns: TableColumn<FeedbackQueueItem>[] = [
    {
      header: 'Learner',
      rowHeader: true,
      cell: (r) => (
        <span>
          <a href={`/practice/feedback/${r.id}`} className="fb-open">
            {r.learner.name}
          </a>
          {filters.learnerId === null && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => onlyLearner(r)} aria-label={`Only ${r.learner.name}'s requests`}>
              Only theirs
            </button>
          )}
        </span>
      ),
    },
    {
      header: 'Lesson',
      cell: (r) => (
        <span>
          {r.lesson.title}
          <span className="admin-sub">{r.course.title}</span>
        </span>
      ),
    },
    { header: 'Question', cell: (r) => <span className="fb-question-cell">{r.question}</span> },
    { header: 'Take', cell: (r) => formatMoment(r.take_duration_ms), align: 'end' },
    { header: 'Sent', cell: (r) => formatDate(r.created_at) },
    {
      header: 'Status',
      cell: (r) =>
        r.status === 'answered' ? (
          <span className={r.verdict === 'approved' ? 'badge badge-success' : 'badge badge-warning'}>
            {verdictLabel(r.verdict)} · {formatDate(r.answered_at)}
          </span>
        ) : (
          <span className={r.overdue ? 'badge badge-danger' : 'badge'}>{dueLabel(r.due_at, r.overdue)}</span>
        ),
    },
    {
      header: 'Open',
      hideHeader: true,
      cell: (r) => (
        <a href={`/practice/feedback/${r.id}`} className="btn btn-secondary btn-sm" aria-label={`Open ${r.learner.name}'s take of ${r.lesson.title}`}>
          {r.status === 'answered' ? 'View' : 'Answer'}
        </a>
      ),
    },
  ];

  return (
    <div className="admin-stack">
      <Tabs filters={filters} counts={page?.counts ?? null} onTab={(status) => choose({ ...filters, status })} />
      <div className="fb-filters cluster">
        <div className="field">
          <label htmlFor={`${id}-course`}>Course</label>
          <select
            id={`${id}-course`}
            className="input"
            value={filters.courseId ?? ''}
            onChange={(e) => choose({ ...filters, courseId: e.currentTarget.value ? Number(e.currentTarget.value) : null })}
          >
            <option value="">All courses</option>
            {filters.courseId !== null && !courses.some(([cid]) => cid === filters.courseId) && <option value={filters.courseId}>Course #{filters.courseId}</option>}
            {courses.map(([cid, title]) => (
              <option key={cid} value={cid}>
                {title}
              </option>
            ))}
          </select>
        </div>
        {learnerName && (
          <p className="fb-filter-chip">
            Learner: <strong>{learnerName}</strong>{' '}
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => choose({ ...filters, learnerId: null })} aria-label={`Show every learner, not only ${learnerName}`}>
              Clear
            </button>
          </p>
        )}
      </div>
      <div id="fb-panel" role="tabpanel" aria-labelledby={`fb-tab-${filters.status}`} aria-busy={state.status === 'loading' ? true : undefined}>
        {state.status === 'error' && <ErrorState message={state.message} onRetry={() => void loadFeedbackQueue(filters, currentCursor(trail))} />}
        {!page && state.status !== 'error' && <LoadingState label="Loading feedback requests..." />}
        {page &&
          (rows.length === 0 ? (
            <p className="admin-empty card admin-panel">{EMPTY[filters.status]}</p>
          ) : (
            <ResponsiveTable caption={`${QUEUE_TAB_LABELS[filters.status]} feedback requests`} columns={columns} rows={rows} rowKey={(r) => r.id} busy={state.status === 'loading'} />
          ))}
        {page && (pageNumber > 1 || page.next) && (
          <nav className="admin-pagination" aria-label="Pages of feedback requests">
            <button type="button" className="btn btn-secondary" disabled={pageNumber <= 1} onClick={() => setTrail(back(trail))}>
              Previous
            </button>
            <span aria-current="page">Page {pageNumber.toLocaleString('en-US')}</span>
            <button type="button" className="btn btn-secondary" disabled={!page.next} onClick={() => page.next && setTrail(forward(trail, page.next))}>
              Next
            </button>
          </nav>
        )}
      </div>
    </div>
  );
}

export default withErrorBoundary(FeedbackQueue);
