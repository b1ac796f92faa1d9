import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { pathId } from '../lib/catalog.ts';
import { attemptSummary, lessonPath, playerPath, unansweredQuestions } from '../lib/learning.ts';
import { $newCertificate, $player, $quiz, $quizAnswers, $quizResult, $quizSubmitting, chooseAnswer, loadPlayer, loadQuiz, retakeQuiz, submitQuiz } from '../stores/learning.ts';
import { withErrorBoundary } from './ErrorBoundary.tsx';
import { CertificateBanner, LoadFailure, Loading } from './learning-parts.tsx';

/**
 * /courses/{courseId}/modules/{moduleId}/quizzes/{quizId}: one radio group per question, Submit,
 * then the score, pass or fail at the quiz's pass score and each question's result; Retake.
 * Grading happens on the server, which sends the correct options only with the result.
 */
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

  if (quiz.status === 'loading') return <Loading text="Loading quiz..." />;
  if (quiz.status !== 'ready') return <LoadFailure state={quiz} courseId={pathId(location.pathname, 1)} what="quiz" />;
  const q = quiz.data;
  const byQuestion = new Map(result?.results.map((r) => [r.questionId, r]) ?? []);
  const course = player.status === 'ready' ? player.data : null;

  const onSubmit = (e: { preventDefault(): void }) => {
    e.preventDefault();
    const unanswered = unansweredQuestions(q, answers);
    setMissing(unanswered);
    if (unanswered.length > 0) {
      formRef.current?.querySelector<HTMLInputElement>(`input[name="question-${unanswered[0]}"]`)?.focus();
      return;
    }
    void submitQuiz();
  };

  const retake = () => {
    retakeQuiz();
    setMissing([]);
    formRef.current?.scrollIntoView({ block: 'start' });
    formRef.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus({ preventScroll: true });
  };

  return (
    <div className="stack">
      <nav aria-label="Breadcrumb" className="breadcrumb text-sm">
        <a href="/my-courses">My Courses</a> <span aria-hidden="true">/</span>{' '}
        <a href={playerPath(q.course_id, q.lesson_id)}>{course?.course.title ?? 'Course'}</a> <span aria-hidden="true">/</span>{' '}
        <a href={lessonPath(q.course_id, q.module_id, q.lesson_id)}>Lesson</a>
      </nav>
      <header className="page-header">
        <h1>{q.title}</h1>
        {q.description && <p>{q.description}</p>}
        <p className="text-sm">
          {q.questions.length} {q.questions.length === 1 ? 'question' : 'questions'} · pass mark {q.pass_score}%
          {q.best_score !== null && ` · your best score ${q.best_score}%`}
          {q.passed && (
            <>
              {' '}
              <span className="badge badge-success">Passed</span>
            </>
          )}
        </p>
      </header>
      {q.preview && <p className="alert alert-info">You are previewing this quiz as a manager of the course: you cannot submit it.</p>}

      {result && (
        <div ref={resultRef} tabIndex={-1} className={result.passed ? 'alert alert-success' : 'alert alert-error'} role="status">
          <p className="alert-title">{result.passed ? 'You passed!' : 'Not passed yet'}</p>
          <p className="quiz-score">Your score: {result.score}%</p>
          <p>{attemptSummary(result)}</p>
          <p className="cluster" style={{ margin: 0 }}>
            <button type="button" className="btn btn-secondary" onClick={retake}>
              Retake quiz
            </button>
            <a className="btn btn-ghost" href={lessonPath(q.course_id, q.module_id, q.lesson_id)}>
              Back to the lesson
            </a>
            <a className="btn btn-ghost" href={playerPath(q.course_id)}>
              Back to the course
            </a>
          </p>
        </div>
      )}
      <CertificateBanner certificate={certificate} fresh />

      {q.questions.length === 0 ? (
        <p className="muted">This quiz has no questions yet.</p>
      ) : (
        <form ref={formRef} onSubmit={onSubmit} noValidate aria-label={q.title}>
          {missing.length > 0 && !result && (
            <div className="alert alert-error" role="alert" style={{ marginBottom: 'var(--space-4)' }}>
              <p className="alert-title">Please answer every question.</p>
              <p style={{ margin: 0 }}>
                {missing.length} {missing.length === 1 ? 'question is' : 'questions are'} still unanswered.
              </p>
            </div>
          )}
          <ol className="quiz-questions">
            {q.questions.map((question, i) => {
              const r = byQuestion.get(question.id);
              const unanswered = missing.includes(question.id) && answers[question.id] === undefined;
              return (
                <li key={question.id} className={r ? (r.correct ? 'quiz-question quiz-question-correct' : 'quiz-question quiz-question-wrong') : 'quiz-question'}>
                  <fieldset aria-describedby={r ? `result-${question.id}` : unanswered ? `missing-${question.id}` : undefined}>
                    <legend>
                      {i + 1}. {question.question}
                    </legend>
                    {question.options.map((option, index) => {
                      const chosen = answers[question.id] === index;
                      const isCorrect = r !== undefined && r.correct_option === index;
                      const cls = r ? (isCorrect ? 'quiz-option quiz-option-correct' : chosen ? 'quiz-option quiz-option-wrong' : 'quiz-option') : 'quiz-option';
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
                          {r && isCorrect && <span className="badge badge-success">Correct answer</span>}
                          {r && chosen && !isCorrect && <span className="badge badge-danger">Your answer</span>}
                        </label>
                      );
                    })}
                  </fieldset>
                  {r && (
                    <p id={`result-${question.id}`} className={r.correct ? 'text-sm' : 'text-sm'} style={{ margin: 'var(--space-2) 0 0', fontWeight: 600 }}>
                      {r.correct ? '✓ Correct' : r.selected === null ? '✗ Not answered' : '✗ Incorrect'}
                    </p>
                  )}
                  {unanswered && (
                    <p id={`missing-${question.id}`} className="field-error">
                      Choose an answer.
                    </p>
                  )}
                </li>
              );
            })}
          </ol>
          {!result && (
            <button type="submit" className="btn btn-primary btn-lg" disabled={submitting || q.preview}>
              {submitting ? 'Submitting...' : 'Submit'}
            </button>
          )}
        </form>
      )}
    </div>
  );
}

export default withErrorBoundary(QuizTaker);
