import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { idFromSegment, pathId } from '../lib/catalog.ts';
import { LESSON_TYPE_NAMES } from '../lib/learning.ts';
import { $currentLessonId, $lesson, $newCertificate, $player, followPlayerAddress, openPlayerLesson, startPlayer } from '../stores/learning.ts';
import { $lessonQuestionCounts, loadLessonQuestionCounts } from '../stores/community-totals.ts';
import { countLabel } from '../lib/plural.ts';
import { loaded } from '../stores/query.ts';
import { withErrorBoundary } from './ErrorBoundary.tsx';
import { CertificateBanner, LoadFailure, Loading, ProgressBar, StatusIcon, statusText } from './learning-parts.tsx';
import { LessonPanel } from './LessonView.tsx';
import '../styles/player-layout.css';

/**
 * /learn/courses/{courseId}: the course player. Modules and lessons in order with ticks and
 * locks, progress, the lesson shown beside them, Previous and Next, and it opens where the
 * learner left off (or at ?lesson=). The lesson comes first in the page: on narrow screens the
 * outline follows it, collapsed behind its heading's button; on wide ones it sits to the left.
 */
function CoursePlayer() {
  const player = useStore($player);
  const lesson = useStore($lesson);
  const current = useStore($currentLessonId);
  const certificate = useStore($newCertificate);
  // Each lesson's questions (decision 0075): an extra the outline shows once read.
  const questionCounts = loaded(useStore($lessonQuestionCounts));
  const lessonRegion = useRef<HTMLDivElement>(null);
  const courseId = useRef<number | null>(null);
  // Narrow screens only (styles/player-layout.css): wide ones always show the outline.
  const [outlineCollapsed, setOutlineCollapsed] = useState(true);

  useEffect(() => {
    courseId.current = pathId(location.pathname, 2);
    const requested = idFromSegment(new URLSearchParams(location.search).get('lesson') ?? undefined);
    void startPlayer(courseId.current, requested);
    const onPop = () => followPlayerAddress();
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  useEffect(() => {
    if (player.status === 'ready') document.title = `${player.data.course.title} · DRX`;
  }, [player]);

  const readyCourseId = player.status === 'ready' ? player.data.course.id : null;
  useEffect(() => {
    if (readyCourseId !== null) void loadLessonQuestionCounts(readyCourseId);
  }, [readyCourseId]);

  const open = (id: number) => {
    openPlayerLesson(id, 'push');
    setOutlineCollapsed(true);
    lessonRegion.current?.focus({ preventScroll: true });
    lessonRegion.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  if (player.status === 'loading' || player.status === 'idle') return <Loading text="Loading course..." />;
  if (player.status !== 'ready') return <LoadFailure state={player} courseId={courseId.current} what="course" />;
  const data = player.data;
  const lessonCount = data.modules.reduce((n, m) => n + m.lessons.length, 0);

  return (
    <div className="stack">
      <nav aria-label="Breadcrumb" className="breadcrumb text-sm">
        <a href="/my-courses">My Courses</a> <span aria-hidden="true">/</span> <span aria-current="page">{data.course.title}</span>
      </nav>
      <header className="page-header" style={{ marginBottom: 0 }}>
        <h1>{data.course.title}</h1>
        <ProgressBar percent={data.progress_percent} completed={data.completed_lessons} total={data.total_lessons} />
      </header>
      {data.preview && <p className="alert alert-info">You are previewing this course as a manager: nothing is recorded.</p>}
      <CertificateBanner certificate={certificate ?? (data.completed ? data.certificate : null)} fresh={certificate !== null} />

      {lessonCount === 0 ? (
        <p className="panel">This course has no lessons yet. Please check back soon.</p>
      ) : (
        <div className="player">
          <div ref={lessonRegion} tabIndex={-1} className="player-lesson-region">
            {lesson.status === 'loading' || lesson.status === 'idle' ? (
              <Loading text="Loading lesson..." />
            ) : lesson.status === 'ready' ? (
              <LessonPanel lesson={lesson.data} headingLevel={2} navigation={{ kind: 'buttons', open }} />
            ) : (
              <LoadFailure state={lesson} courseId={data.course.id} what="lesson" />
            )}
          </div>
          <nav className="player-nav" aria-label="Course outline" data-collapsed={outlineCollapsed || undefined}>
            <h2 className="player-nav-heading">
              <button
                type="button"
                className="player-outline-toggle"
                aria-expanded={!outlineCollapsed}
                aria-controls="player-outline"
                onClick={() => setOutlineCollapsed(!outlineCollapsed)}
              >
                <span>Course outline</span>
                <span className="text-sm muted">
                  {data.completed_lessons} of {data.total_lessons} done
                </span>
                <span className="player-outline-chevron" aria-hidden="true" />
              </button>
              <span className="player-outline-label">Course outline</span>
            </h2>
            <ol className="player-modules" id="player-outline">
              {data.modules.map((m, i) => (
                <li key={m.id}>
                  <p className="player-module-title">
                    {m.locked && <span aria-hidden="true">🔒</span>}
                    <a href={`/courses/${data.course.id}/modules/${m.id}`}>
                      Module {i + 1}: {m.title}
                    </a>
                    {m.locked && <span className="visually-hidden"> (locked)</span>}
                  </p>
                  {m.locked && <p className="text-sm muted">Opens when you pass the previous module's quizzes.</p>}
                  <ol className="player-lessons">
                    {m.lessons.map((l) => (
                      <li key={l.id}>
                        <button
                          type="button"
                          className="player-lesson"
                          aria-current={current === l.id ? 'true' : undefined}
                          aria-disabled={m.locked || undefined}
                          onClick={() => {
                            if (!m.locked) open(l.id);
                          }}
                        >
                          <StatusIcon completed={l.completed} locked={m.locked} />
                          <span>
                            {l.title}
                            <span className="visually-hidden">
                              {' '}
                              ({LESSON_TYPE_NAMES[l.type] ?? l.type}, {statusText(l.completed, m.locked)})
                            </span>
                            <span className="lesson-type" aria-hidden="true" style={{ display: 'block', minWidth: 0 }}>
                              {LESSON_TYPE_NAMES[l.type] ?? l.type}
                            </span>
                            {(questionCounts?.[l.id]?.questions ?? 0) > 0 && (
                              <span className="lesson-questions">
                                <span className="visually-hidden">, </span>
                                {countLabel(questionCounts![l.id]!.questions, 'question')}
                              </span>
                            )}
                          </span>
                        </button>
                      </li>
                    ))}
                  </ol>
                </li>
              ))}
            </ol>
          </nav>
        </div>
      )}
    </div>
  );
}

export default withErrorBoundary(CoursePlayer);
