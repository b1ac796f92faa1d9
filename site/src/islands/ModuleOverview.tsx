import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { pathId } from '../lib/catalog.ts';
import { LESSON_TYPE_NAMES, lessonPath, playerPath, quizPath } from '../lib/learning.ts';
import { $player, loadPlayer } from '../stores/learning.ts';
import { withErrorBoundary } from './ErrorBoundary.tsx';
import { LoadFailure, Loading, ProgressBar, StatusIcon, statusText } from './learning-parts.tsx';

/** /courses/{courseId}/modules/{moduleId}: one module's lessons and quizzes, with the learner's progress. */
function ModuleOverview() {
  const player = useStore($player);

  useEffect(() => {
    void loadPlayer(pathId(location.pathname, 1));
  }, []);

  useEffect(() => {
    if (player.status !== 'ready') return;
    const m = player.data.modules.find((x) => x.id === pathId(location.pathname, 3));
    if (m) document.title = `${m.title} · ${player.data.course.title} · DRX`;
  }, [player]);

  if (player.status === 'loading' || player.status === 'idle') return <Loading text="Loading module..." />;
  const courseId = pathId(location.pathname, 1);
  if (player.status !== 'ready') return <LoadFailure state={player} courseId={courseId} what="course" />;
  const data = player.data;
  const moduleId = pathId(location.pathname, 3);
  const index = data.modules.findIndex((m) => m.id === moduleId);
  const m = data.modules[index];
  if (!m) return <LoadFailure state={{ status: 'error', message: 'Module not found', notFound: true }} courseId={courseId} what="module" />;
  const done = m.lessons.filter((l) => l.completed).length;
  const next = m.lessons.find((l) => !l.completed) ?? m.lessons[0];

  return (
    <div className="stack">
      <nav aria-label="Breadcrumb" className="breadcrumb text-sm">
        <a href="/my-courses">My Courses</a> <span aria-hidden="true">/</span> <a href={playerPath(data.course.id)}>{data.course.title}</a>{' '}
        <span aria-hidden="true">/</span> <span aria-current="page">{m.title}</span>
      </nav>
      <header className="page-header">
        <p className="eyebrow" style={{ margin: 0 }}>
          Module {index + 1} of {data.modules.length}
        </p>
        <h1>{m.title}</h1>
        {m.description && <p>{m.description}</p>}
      </header>
      {m.locked ? (
        <p className="alert alert-info" role="status">
          🔒 This module is locked until you pass the previous module's quizzes.
        </p>
      ) : (
        <ProgressBar percent={m.lessons.length ? (done / m.lessons.length) * 100 : 0} completed={done} total={m.lessons.length} label="Module progress" />
      )}
      {m.lessons.length === 0 ? (
        <p className="muted">No lessons in this module.</p>
      ) : (
        <ol className="module-lessons">
          {m.lessons.map((l) => (
            <li key={l.id}>
              <StatusIcon completed={l.completed} locked={m.locked} />
              <span style={{ flex: 1 }}>
                {m.locked ? l.title : <a href={lessonPath(data.course.id, m.id, l.id)}>{l.title}</a>}
                <span className="visually-hidden"> ({statusText(l.completed, m.locked)})</span>
                <span className="lesson-type" style={{ display: 'block' }}>
                  {LESSON_TYPE_NAMES[l.type] ?? l.type}
                </span>
              </span>
              {!m.locked &&
                l.quizzes.map((q) => (
                  <a key={q.id} className="btn btn-secondary btn-sm" href={quizPath(data.course.id, m.id, q.id)}>
                    {q.passed ? '✓ ' : ''}
                    {q.title}
                  </a>
                ))}
            </li>
          ))}
        </ol>
      )}
      <p className="cluster">
        {!m.locked && next && (
          <a className="btn btn-primary" href={lessonPath(data.course.id, m.id, next.id)}>
            {done === 0 ? 'Start module' : done === m.lessons.length ? 'Review module' : 'Continue module'}
          </a>
        )}
        <a className="btn btn-ghost" href={playerPath(data.course.id)}>
          Back to the course
        </a>
      </p>
    </div>
  );
}

export default withErrorBoundary(ModuleOverview);
