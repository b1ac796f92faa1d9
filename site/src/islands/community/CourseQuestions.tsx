import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { COMMUNITY_COURSE_SORTS, COMMUNITY_LIMITS, communityThreadUrl, type CommunityCourseSort } from '../../../../shared/community.ts';
import { pathId } from '../../lib/catalog.ts';
import { moduleOfLesson, playerPath } from '../../lib/learning.ts';
import { countLabel } from '../../lib/plural.ts';
import { $courseQuestions, $moreCourseQuestions, joined, loadCourseQuestions, moreCourseQuestions } from '../../stores/community.ts';
import { $player, loadPlayer } from '../../stores/learning.ts';
import { loaded } from '../../stores/query.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { LoadFailure, Loading } from '../learning-parts.tsx';
import { SORT_LABELS } from './format.ts';
import QuestionList from './QuestionList.tsx';
import '../../styles/community.css';

/** The search and sort in the address (?q=&sort=): a reload or a shared link shows the same view. */
function viewInAddress(): { q: string; sort: CommunityCourseSort } {
  const params = new URLSearchParams(location.search);
  const sort = params.get('sort');
  return { q: (params.get('q') ?? '').slice(0, COMMUNITY_LIMITS.searchMax), sort: COMMUNITY_COURSE_SORTS.find((s) => s === sort) ?? 'newest' };
}

function putInAddress(q: string, sort: CommunityCourseSort): void {
  const url = new URL(location.href);
  url.search = '';
  if (q) url.searchParams.set('q', q);
  if (sort !== 'newest') url.searchParams.set('sort', sort);
  history.replaceState(history.state, '', url.pathname + url.search);
}

/** /learn/courses/{courseId}/questions: a course's questions over all its lessons, searched, each linking to its thread. */
function CourseQuestions() {
  const id = useId();
  // Read from the address once in the browser (the shell is rendered before any address is known).
  const [courseId, setCourseId] = useState<number | null>(null);
  const [view, setView] = useState<{ q: string; sort: CommunityCourseSort } | null>(null);
  const [typed, setTyped] = useState('');
  const player = useStore($player);
  const state = useStore($courseQuestions);
  const more = useStore($moreCourseQuestions);

  useEffect(() => {
    const id = pathId(location.pathname, 2);
    const shown = viewInAddress();
    setCourseId(id);
    setView(shown);
    setTyped(shown.q);
    void loadPlayer(id);
  }, []);

  useEffect(() => {
    if (courseId === null || view === null) return;
    void loadCourseQuestions(courseId, view.q, view.sort);
    putInAddress(view.q, view.sort);
  }, [courseId, view]);

  if (player.status === 'loading' || player.status === 'idle' || view === null) return <Loading text="Loading the course..." />;
  if (player.status !== 'ready' || courseId === null) return <LoadFailure state={player.status === 'error' ? player : { status: 'error', message: 'Not found', notFound: true }} courseId={courseId} what="course" />;
  const course = player.data;
  const current = view;
  const lessonTitle = (lessonId: number) => course.modules.flatMap((m) => m.lessons).find((l) => l.id === lessonId)?.title ?? null;
  const page = loaded(state);
  const searchError = state.status === 'error' && !state.forbidden ? state.message : null;
  // A search reads a bounded window of the course's questions a page: a page may come back short, or empty, with more to search.
  const next = page ? (more.next === undefined ? page.next : more.next) : null;

  function submit(e: FormEvent) {
    e.preventDefault();
    setView({ ...current, q: typed.trim() });
  }

  return (
    <div className="stack">
      <nav aria-label="Breadcrumb" className="breadcrumb text-sm">
        <a href="/my-courses">My Courses</a> <span aria-hidden="true">/</span> <a href={playerPath(course.course.id)}>{course.course.title}</a>
      </nav>
      <h1>Questions in {course.course.title}</h1>
      <div className="cq">
        <form className="cq-search" role="search" onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor={`${id}-q`}>Search the questions</label>
            <input
              id={`${id}-q`}
              type="search"
              className="input"
              value={typed}
              maxLength={COMMUNITY_LIMITS.searchMax}
              aria-invalid={searchError ? true : undefined}
              aria-describedby={searchError ? `${id}-q-error` : undefined}
              onChange={(e) => setTyped(e.currentTarget.value)}
            />
          </div>
          <button type="submit" className="btn btn-primary">
            Search
          </button>
          {view.q && (
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => {
                setTyped('');
                setView({ ...current, q: '' });
              }}
            >
              Clear
            </button>
          )}
        </form>
        {searchError && (
          <p id={`${id}-q-error`} className="field-error" role="alert">
            {searchError}
          </p>
        )}
        <div className="cq-toolbar">
          <div className="cq-sorts" role="group" aria-label="Sort questions">
            {COMMUNITY_COURSE_SORTS.map((s) => (
              <button key={s} type="button" className="btn btn-secondary btn-sm" aria-pressed={view.sort === s} onClick={() => setView({ ...current, sort: s })}>
                {SORT_LABELS[s]}
              </button>
            ))}
          </div>
          {page && (
            <p className="text-sm muted" role="status">
              {view.q ? `Questions matching “${view.q}”` : `${countLabel(page.counts.questions, 'question')}, ${page.counts.unanswered} without an answer`}
            </p>
          )}
        </div>
        {state.status === 'error' && state.forbidden ? (
          <p className="alert alert-error" role="alert">
            {state.message}
          </p>
        ) : !page ? (
          state.status === 'error' ? null : <Loading text="Loading questions..." />
        ) : (
          <>
            <QuestionList
              questions={joined(page.data, more.items)}
              href={(q) => q.place?.url ?? communityThreadUrl({ ...q, module_id: moduleOfLesson(course, q.target_id)?.id ?? null })}
              where={(q) => {
                const title = q.place?.title ?? lessonTitle(q.target_id);
                return title ? `Lesson: ${title}` : null;
              }}
              empty={
                next ? 'No match among the newest questions; search on through the older ones.' : view.q ? 'No question matches your search.' : 'No questions in this course yet. Ask one under a lesson.'
              }
            />
            {next && (
              <button type="button" className="btn btn-secondary btn-sm" disabled={more.loading} onClick={() => void moreCourseQuestions()}>
                {more.loading ? 'Loading...' : view.q ? 'Search further' : 'More questions'}
              </button>
            )}
            {more.error && (
              <p className="field-error" role="alert">
                {more.error}
              </p>
            )}
          </>
        )}
      </div>
    </div>
  );
}

export default withErrorBoundary(CourseQuestions);
