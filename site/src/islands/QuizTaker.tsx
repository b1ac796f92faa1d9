import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { pathId } from '../lib/catalog.ts';
import { countLabel, pluralWord } from '../lib/plural.ts';
import { attemptBlockedText, attemptsLabel, attemptSummary, lessonPath, nextAttemptLabel, playerPath, unansweredQuestions } from '../lib/learning.ts';
import {
  $newCertificate,
  $player,
  $quiz,
  $quizAnswers,
  $quizResult,
  $quizSubmitting,
  chooseAnswer,
  loadPlayer,
  loadQuiz,
  refreshQuiz,
  retakeQuiz,
  submitQuiz,
} from '../stores/learning.ts';
import { withErrorBoundary } from './ErrorBoundary.tsx';
import { CertificateBanner, LoadFailure, Loading } from './learning-parts.tsx';

/** Longest wait a page keeps a timer for; beyond it the learner reloads. */
const MAX_TIMER_MS = 24 * 60 * 60 * 1000;

/**
 * /courses/{courseId}/modules/{moduleId}/quizzes/{quizId}: one radio group per question (in the
 * order the server serves this attempt), Submit once every question is answered, then the
 * score, pass or fail and which of the learner's answers were right. The correct options come
 * only from the server, only after a pass, and only when the quiz shows them (decision 0012).
 * Attempts left and the time the next attempt opens come from the server too.
 */
/** The way back from a quiz: to its lesson, or to the course player. */
function BackLinks({ courseId, moduleId, lessonId }: { courseId: number; moduleId: number; lessonId: number }) {
  return (
    <>
      <a className="btn btn-ghost" href={lessonPath(courseId, moduleId, lessonId)}>
        Back to the lesson
      </a>
      <a className="btn btn-ghost" href={playerPath(courseId)}>
        Back to the course
      </a>
    </>
  );
}

function QuizTaker() {
  const quiz = useStore($quiz);
  const answers = useStore($quizAnswers);
  const result = useStore($quizResult);
  const submitting = useStore($quizSubmitting);
  const player = useStore($player);
  const certificate = useStore($newCertificate);
  const [missing, setMissing] = useState<number[]>([]);
  const resultRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    void loadQuiz(pathId(location.pathname, 5));
    void loadPlayer(pathId(location.pathname, 1));
  }, []);

  useEffect(() => {
    if (quiz.status === 'ready') document.title = `${quiz.data.title} · DRX`;
  }, [quiz]);

  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  // When a wait ends, read the quiz again so the next attempt opens without a reload.
  const nextAt = quiz.status === 'ready' ? quiz.data.next_attempt_at : null;
  useEffect(() => {
    if (!nextAt) return;
    const ms = Date.parse(nextAt) - Date.now();
    if (!(ms < MAX_TIMER_MS)) return;
    const timer = setTimeout(() => void refreshQuiz(), Math.max(0, ms) + 1000);
    return () => clearTimeout(timer);
  }, [nextAt]);

  if (quiz.status === 'loading' || quiz.status === 'idle') return <Loading text="Loading quiz..." />;
  if (quiz.status !== 'ready') return <LoadFailure state={quiz} courseId={pathId(location.pathname, 1)} what="quiz" />;
  const q = quiz.data;
  const byQuestion = new Map(result?.results.map((r) => [r.questionId, r]) ?? []);
  const course = player.status === 'ready' ? player.data : null;
  // The breadcrumb names the module and lesson the quiz belongs to (from the course outline).
  const quizModule = course?.modules.find((m) => m.id === q.module_id) ?? null;
  const quizLesson = quizModule?.lessons.find((l) => l.id === q.lesson_id) ?? null;
  const unanswered = unansweredQuestions(q, answers);
  const blockedText = q.preview ? null : attemptBlockedText(q);
  const showForm = q.questions.length > 0 && (result !== null || q.preview || q.can_attempt);

  const onSubmit = (e: { preventDefault(): void }) => {
    e.preventDefault();
    setMissing(unanswered);
    if (unanswered.length > 0) {
      formRef.current?.querySelector<HTMLInputElement>(`input[name="question-${unanswered[0]}"]`)?.focus();
      return;
    }
    void submitQuiz();
  };

  const retake = async () => {
    setMissing([]);
    await retakeQuiz();
    formRef.current?.scrollIntoView({ block: 'start' });
    formRef.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus({ preventScroll: true });
  };

  return (
    <div className="stack">
      <nav aria-label="Breadcrumb" className="breadcrumb text-sm">
        <a href="/my-courses">My Courses</a> <span aria-hidden="true">/</span>{' '}
        <a href={playerPath(q.course_id, q.lesson_id)}>{course?.course.title ?? 'Course'}</a> <span aria-hidden="true">/</span>{' '}
        <a href={`/courses/${q.course_id}/modules/${q.module_id}`}>{quizModule?.title ?? 'Module'}</a> <span aria-hidden="true">/</span>{' '}
        <a href={lessonPath(q.course_id, q.module_id, q.lesson_id)}>{quizLesson?.title ?? 'Lesson'}</a> <span aria-hidden="true">/</span>{' '}
        <span aria-current="page">{q.title}</span>
      </nav>
      <header className="page-header">
        <h1>{q.title}</h1>
        {q.description && <p>{q.description}</p>}
        <p className="text-sm">
          {countLabel(q.questions.length, 'question')} · pass mark {q.pass_score}%
          {q.best_score !== null && ` · your best score ${q.best_score}%`}
          {q.passed && (
            <>
              {' '}
              <span className="badge badge-success">Passed</span>
            </>
          )}
        </p>
        {!q.passed && (
          <p className="text-sm" data-testid="quiz-attempt-rules">
            {attemptsLabel(q)}
            {q.attempt_wait_minutes > 0 && ` · ${countLabel(q.attempt_wait_minutes, 'minute')} wait after a failed attempt`}
          </p>
        )}
      </header>
      {q.preview && <p className="alert alert-info">You are previewing this quiz as a manager of the course: you cannot submit it.</p>}

      {result && (
        <div ref={resultRef} tabIndex={-1} className={result.passed ? 'alert alert-success' : 'alert alert-error'} role="status">
          <p className="alert-title">{result.passed ? 'You passed!' : 'Not passed yet'}</p>
          <p className="quiz-score">Your score: {result.score}%</p>
          <p>{attemptSummary(result)}</p>
          {!result.passed && (
            <p>{q.reveal_answers === 'never' ? 'This quiz does not show the correct answers.' : 'The correct answers are shown once you pass.'}</p>
          )}
          {!result.passed && <p>{attemptsLabel(q)}</p>}
          {!result.passed && !q.can_attempt && blockedText && <p className="quiz-next-attempt">{blockedText}</p>}
          <p className="cluster" style={{ margin: 0 }}>
            {!result.passed && q.can_attempt && (
              <button type="button" className="btn btn-secondary" onClick={() => void retake()}>
                Retake quiz
              </button>
            )}
            <BackLinks courseId={q.course_id} moduleId={q.module_id} lessonId={q.lesson_id} />
          </p>
        </div>
      )}
      {!result && blockedText && (
        <div className={q.blocked === 'passed' ? 'alert alert-success' : 'alert alert-info'} role="status">
          <p className="alert-title">{blockedText}</p>
          {q.blocked === 'waiting' && q.next_attempt_at && (
            <p>The quiz opens again at {nextAttemptLabel(q.next_attempt_at)} without reloading this page.</p>
          )}
          <p className="cluster" style={{ margin: 'var(--space-2) 0 0' }}>
            <BackLinks courseId={q.course_id} moduleId={q.module_id} lessonId={q.lesson_id} />
          </p>
        </div>
      )}
      <CertificateBanner certificate={certificate} fresh />

      {showForm && (
        <form ref={formRef} onSubmit={onSubmit} noValidate aria-label={q.title}>
          {missing.length > 0 && !result && unanswered.length > 0 && (
            <div className="alert alert-error" role="alert" style={{ marginBottom: 'var(--space-4)' }}>
              <p className="alert-title">Please answer every question.</p>
              <p style={{ margin: 0 }}>
                {unanswered.length} {pluralWord(unanswered.length, 'question is', 'questions are')} still unanswered.
              </p>
            </div>
          )}
          <ol className="quiz-questions">
            {q.questions.map((question, i) => {
              const r = byQuestion.get(question.id);
              const needsAnswer = missing.includes(question.id) && answers[question.id] === undefined;
              return (
                <li key={question.id} className={r ? (r.correct ? 'quiz-question quiz-question-correct' : 'quiz-question quiz-question-wrong') : 'quiz-question'}>
                  <fieldset aria-describedby={r ? `result-${question.id}` : needsAnswer ? `missing-${question.id}` : undefined}>
                    <legend>
                      {i + 1}. {question.question}
                    </legend>
                    {question.options.map((option, index) => {
                      const chosen = answers[question.id] === index;
                      const revealedCorrect = r?.correct_option === index;
                      const cls = !r
                        ? 'quiz-option'
                        : chosen
                          ? r.correct
                            ? 'quiz-option quiz-option-correct'
                            : 'quiz-option quiz-option-wrong'
                          : revealedCorrect
                            ? 'quiz-option quiz-option-correct'
                            : 'quiz-option';
                      return (
                        <label key={index} className={cls}>
                          <input
                            type="radio"
                            name={`question-${question.id}`}
                            value={index}
                            checked={chosen}
                            disabled={result !== null || q.preview}
                            onChange={() => chooseAnswer(question.id, index)}
                          />
                          <span>{option}</span>
                          {r && chosen && <span className={r.correct ? 'badge badge-success' : 'badge badge-danger'}>Your answer</span>}
                          {r && revealedCorrect && !chosen && <span className="badge badge-success">Correct answer</span>}
                        </label>
                      );
                    })}
                  </fieldset>
                  {r && (
                    <p id={`result-${question.id}`} className="text-sm" style={{ margin: 'var(--space-2) 0 0', fontWeight: 600 }}>
                      {r.correct ? '✓ Correct' : '✗ Incorrect'}
                    </p>
                  )}
                  {needsAnswer && (
                    <p id={`missing-${question.id}`} className="field-error">
                      Choose an answer.
                    </p>
                  )}
                </li>
              );
            })}
          </ol>
          {!result && !q.preview && (
            <div className="cluster">
              <button type="submit" className="btn btn-primary btn-lg" disabled={submitting} aria-describedby="quiz-answered-count">
                {submitting ? 'Submitting...' : 'Submit'}
              </button>
              <span id="quiz-answered-count" className="text-sm muted">
                {unanswered.length === 0
                  ? 'Every question is answered.'
                  : `${q.questions.length - unanswered.length} of ${q.questions.length} answered — answer every question to submit.`}
              </span>
            </div>
          )}
        </form>
      )}
    </div>
  );
}

export default withErrorBoundary(QuizTaker);
