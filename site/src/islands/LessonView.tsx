import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef, useState, type MutableRefObject } from 'react';
import PracticeVideo from '../components/PracticeVideo.tsx';
import { videoPoster } from '../lib/practice-loop.ts';
import { pathId } from '../lib/catalog.ts';
import { canMarkComplete, lessonPath, moduleOfLesson, playerPath, quizPath } from '../lib/learning.ts';
import { type LessonView as Lesson } from '../../../shared/learning.ts';
import { $completing, $lesson, $newCertificate, $player, completeLesson, loadLesson, loadPlayer } from '../stores/learning.ts';
import QuestionsSlot from './community/QuestionsSlot.tsx';
import { withErrorBoundary } from './ErrorBoundary.tsx';
import { CertificateBanner, LoadFailure, Loading, ProgressBar } from './learning-parts.tsx';

export interface LessonPanelProps {
  lesson: Lesson;
  /** The lesson page has its own h1; in the player the lesson is a section with an h2. */
  headingLevel: 1 | 2;
  /** Where Previous and Next lead: links on the lesson page, buttons in the player. */
  navigation: { kind: 'links'; href: (lessonId: number) => string } | { kind: 'buttons'; open: (lessonId: number) => void };
}

// The practice room is loaded when a learner opens it: the lesson page keeps its weight.
const PracticeRoom = lazy(() => import('./practice/PracticeRoom.tsx'));

/** The address of a lesson with its practice room open, so a reload (or a link) opens it again. */
const PRACTICE_HASH = '#practice';

/** A lesson's own clip, and the Practice button that opens the practice room in its place. */
function LessonClip({ lesson, url, roomLevel, clip }: { lesson: Lesson; url: string; roomLevel: 2 | 3; clip: MutableRefObject<HTMLVideoElement | null> }) {
  const [open, setOpen] = useState(() => typeof location !== 'undefined' && location.hash === PRACTICE_HASH);
  const opener = useRef<HTMLButtonElement>(null);
  const reopen = useRef(false);

  useEffect(() => {
    if (!open && reopen.current) opener.current?.focus();
  }, [open]);

  const toggle = (next: boolean) => {
    reopen.current = !next;
    const address = new URL(location.href);
    address.hash = next ? PRACTICE_HASH : '';
    history.replaceState(history.state, '', address);
    setOpen(next);
  };

  if (open) {
    return (
      <Suspense fallback={<Loading text="Opening the practice room..." />}>
        <PracticeRoom lessonId={lesson.id} lessonTitle={lesson.title} level={roomLevel} onClose={() => toggle(false)} />
      </Suspense>
    );
  }
  return (
    <div>
      <PracticeVideo src={url} title={lesson.title} poster={videoPoster(lesson.course.image_url)} videoRef={clip} />
      <p className="practice-open">
        <button ref={opener} type="button" className="btn btn-primary btn-sm" onClick={() => toggle(true)}>
          Practice
        </button>
        <span className="text-sm muted">Dance beside the clip with your camera, keep your takes and ask your instructors for feedback.</span>
      </p>
    </div>
  );
}

function LessonVideo({ lesson, roomLevel, clip }: { lesson: Lesson; roomLevel: 2 | 3; clip: MutableRefObject<HTMLVideoElement | null> }) {
  const video = lesson.video;
  if (!video) {
    return lesson.type === 'video' ? <p className="alert alert-info">This video cannot be played here. Please ask your instructor for a working link.</p> : null;
  }
  if (video.kind === 'file') return <LessonClip key={lesson.id} lesson={lesson} url={video.url} roomLevel={roomLevel} clip={clip} />;
  return (
    <div className="video-frame">
      <iframe
        src={video.url}
        title={lesson.title}
        loading="lazy"
        allow="encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        // The app sends no referrer by default; embedded players refuse to play without one.
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  );
}

/** One lesson: its video or text, its quizzes, Mark complete, Previous and Next. */
export function LessonPanel({ lesson, headingLevel, navigation }: LessonPanelProps) {
  const completing = useStore($completing);
  // The lesson's clip (a video file): the questions' ask form takes its moment, their chips seek it.
  const clip = useRef<HTMLVideoElement | null>(null);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const QuizHeading = headingLevel === 1 ? 'h2' : 'h3';
  const nav = (lessonId: number | null, label: string, rel: 'prev' | 'next', disabled = false) => {
    if (lessonId === null) return <span />;
    const text = rel === 'prev' ? `← ${label}` : `${label} →`;
    if (disabled) {
      return (
        <button type="button" className="btn btn-secondary" disabled title="Locked until you pass this module's quizzes">
          {text}
        </button>
      );
    }
    return navigation.kind === 'links' ? (
      <a className="btn btn-secondary" href={navigation.href(lessonId)} rel={rel}>
        {text}
      </a>
    ) : (
      <button type="button" className="btn btn-secondary" onClick={() => navigation.open(lessonId)}>
        {text}
      </button>
    );
  };
  const quizLessonOpen = lesson.type === 'quiz' && lesson.quizzes.some((q) => !q.passed);

  return (
    <article className="lesson-view" aria-labelledby={`lesson-${lesson.id}-title`}>
      <header>
        <p className="eyebrow" style={{ margin: 0 }}>
          {lesson.module.title}
        </p>
        <Heading id={`lesson-${lesson.id}-title`}>{lesson.title}</Heading>
        <p className="cluster text-sm">
          {lesson.completed ? <span className="badge badge-success">✓ Completed</span> : <span className="badge">Not completed</span>}
          {lesson.description && <span className="muted">{lesson.description}</span>}
        </p>
      </header>

      {lesson.preview && (
        <p className="alert alert-info">You are previewing this lesson as a manager of the course: nothing is recorded.</p>
      )}

      <LessonVideo lesson={lesson} roomLevel={headingLevel === 1 ? 2 : 3} clip={clip} />

      {lesson.content_html && (
        // Rendered from markdown and sanitised by the server (raw HTML is escaped there); the only HTML set directly.
        <div className="prose lesson-content" dangerouslySetInnerHTML={{ __html: lesson.content_html }} />
      )}

      {lesson.quizzes.length > 0 && (
        <section aria-labelledby={`lesson-${lesson.id}-quizzes`}>
          <QuizHeading id={`lesson-${lesson.id}-quizzes`}>{lesson.quizzes.length === 1 ? 'Quiz' : 'Quizzes'}</QuizHeading>
          <ul className="quiz-list">
            {lesson.quizzes.map((q) => (
              <li key={q.id}>
                <div>
                  <strong>{q.title}</strong>
                  <p className="text-sm muted" style={{ margin: 0 }}>
                    {q.question_count} {q.question_count === 1 ? 'question' : 'questions'} · pass mark {q.pass_score}%
                    {q.best_score !== null && ` · best score ${q.best_score}%`}
                  </p>
                </div>
                <span className="cluster">
                  {q.passed ? <span className="badge badge-success">Passed</span> : q.attempts > 0 ? <span className="badge badge-warning">Not passed yet</span> : null}
                  <a className={q.passed ? 'btn btn-secondary btn-sm' : 'btn btn-primary btn-sm'} href={quizPath(lesson.course_id, lesson.module_id, q.id)}>
                    {q.attempts === 0 ? 'Take quiz' : 'Retake quiz'}
                    <span className="visually-hidden">: {q.title}</span>
                  </a>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <footer className="lesson-actions">
        {nav(lesson.prev_lesson_id, 'Previous', 'prev')}
        <span className="cluster">
          {canMarkComplete(lesson) && (
            <button type="button" className="btn btn-primary" disabled={completing} onClick={() => void completeLesson(lesson.id)}>
              {completing ? 'Saving...' : 'Mark complete'}
            </button>
          )}
          {quizLessonOpen && !lesson.preview && <span className="text-sm muted">Pass the quiz to complete this lesson.</span>}
        </span>
        {nav(lesson.next_lesson_id, 'Next', 'next', lesson.next_locked)}
      </footer>
      {lesson.next_locked && <p className="text-sm muted">🔒 The next module opens when you pass this module's quizzes.</p>}
      <QuestionsSlot
        lessonId={lesson.id}
        courseId={lesson.course_id}
        level={headingLevel === 1 ? 2 : 3}
        video={lesson.type === 'video' && lesson.video?.kind === 'file' ? clip : null}
      />
    </article>
  );
}

/** The ids of /courses/{courseId}/modules/{moduleId}/lessons/{lessonId}. */
function idsFromPath() {
  return { courseId: pathId(location.pathname, 1), moduleId: pathId(location.pathname, 3), lessonId: pathId(location.pathname, 5) };
}

/** /courses/{courseId}/modules/{moduleId}/lessons/{lessonId}: one lesson, on its own page. */
function LessonPage() {
  const lesson = useStore($lesson);
  const player = useStore($player);
  const certificate = useStore($newCertificate);

  useEffect(() => {
    const { courseId, lessonId } = idsFromPath();
    void loadPlayer(courseId);
    void loadLesson(lessonId);
  }, []);

  // The address names the wrong course or module for this lesson: go to its own.
  useEffect(() => {
    if (lesson.status !== 'ready') return;
    const { courseId, moduleId } = idsFromPath();
    const l = lesson.data;
    // The query and the hash stay: a thread's link (?question=…#questions) opens it on the lesson's own address.
    if (l.course_id !== courseId || l.module_id !== moduleId) location.replace(lessonPath(l.course_id, l.module_id, l.id) + location.search + location.hash);
    else document.title = `${l.title} · ${l.course.title} · DRX`;
  }, [lesson]);

  if (lesson.status === 'loading' || lesson.status === 'idle') return <Loading text="Loading lesson..." />;
  if (lesson.status !== 'ready') return <LoadFailure state={lesson} courseId={idsFromPath().courseId} what="lesson" />;
  const l = lesson.data;
  const course = player.status === 'ready' ? player.data : null;
  const href = (id: number) => {
    const m = course ? moduleOfLesson(course, id) : null;
    return m ? lessonPath(l.course_id, m.id, id) : playerPath(l.course_id, id);
  };

  return (
    <div className="stack">
      <nav aria-label="Breadcrumb" className="breadcrumb text-sm">
        <a href="/my-courses">My Courses</a> <span aria-hidden="true">/</span> <a href={playerPath(l.course_id, l.id)}>{l.course.title}</a>{' '}
        <span aria-hidden="true">/</span> <a href={`/courses/${l.course_id}/modules/${l.module_id}`}>{l.module.title}</a>
      </nav>
      {course && <ProgressBar percent={course.progress_percent} completed={course.completed_lessons} total={course.total_lessons} />}
      <CertificateBanner certificate={certificate ?? (course?.certificate && course.completed ? course.certificate : null)} fresh={certificate !== null} />
      <LessonPanel lesson={l} headingLevel={1} navigation={{ kind: 'links', href }} />
    </div>
  );
}

export default withErrorBoundary(LessonPage);
