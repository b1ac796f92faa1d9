import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { COURSE_ADMIN_TEXT } from '../../../../worker/src/domain/courses.ts';
import FeatureGate from '../../components/FeatureGate.tsx';
import { $auth, loadUser, type User } from '../../stores/auth.ts';
import {
  $categories,
  $courseDetail,
  $instructors,
  $wizardPublished,
  $wizardStep,
  canManageCourses,
  initWizard,
  isPlatformAdmin,
  LESSON_TYPE_LABELS,
  loadCategories,
  loaded,
  nextPosition,
  openDialog,
  positionOf,
  quizOf,
  statusOfDetail,
  WIZARD_STEP_LABELS,
  WIZARD_STEPS,
  wizardCourseCreated,
  wizardGoTo,
  wizardPublish,
  wizardReset,
  type CourseDetail,
  type WizardStep,
} from '../../stores/course-admin.ts';
import { useHydrated } from '../../components/use-hydrated.ts';
import { countLabel } from '../../lib/plural.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import AccessDenied from './AccessDenied.tsx';
import CourseAdminDialogs from './CourseAdminDialogs.tsx';
import CourseForm from './CourseForm.tsx';
import LessonForm from './LessonForm.tsx';
import ModuleForm from './ModuleForm.tsx';
import QuizForm from './QuizForm.tsx';
import '../../styles/course-admin.css';

function Loading({ label = COURSE_ADMIN_TEXT.loading }: { label?: string }) {
  return (
    <p className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {label}
    </p>
  );
}

function byPosition<T extends { order?: number; position?: number; id: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => positionOf(a) - positionOf(b) || a.id - b.id);
}

/** The course create wizard of the instructor area, built from the course administration forms. */
function CourseWizard() {
  const auth = useStore($auth, { ssr: 'initial' });
  const hydrated = useHydrated();
  useEffect(() => {
    void loadUser().catch(() => undefined);
  }, []);
  if (!hydrated || auth.status === 'loading') return <Loading />;
  if (!auth.user || !canManageCourses(auth.user.role, 'instructor')) return <AccessDenied />;
  return (
    <FeatureGate feature="course_administration" loading={<Loading />}>
      <Wizard user={auth.user} />
    </FeatureGate>
  );
}

function Wizard({ user }: { user: User }) {
  const step = useStore($wizardStep);
  const detailState = useStore($courseDetail);

  useEffect(() => {
    initWizard(user);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user.id]);

  const course = loaded(detailState);
  const stepIndex = WIZARD_STEPS.indexOf(step);

  return (
    <div className="ca-stack">
      <nav aria-label="Wizard steps">
        <ol className="ca-steps">
          {WIZARD_STEPS.map((s, i) => (
            <li key={s} aria-current={s === step ? 'step' : undefined} data-done={i < stepIndex ? 'true' : undefined}>
              <span aria-hidden="true">{i + 1}.</span> {WIZARD_STEP_LABELS[s]}
            </li>
          ))}
        </ol>
      </nav>
      {step === 'details' && <DetailsStep showInstructor={isPlatformAdmin(user.role)} />}
      {step !== 'details' && !course && (detailState.status === 'error' ? <p className="alert alert-error">{detailState.message}</p> : <Loading label="Loading course..." />)}
      {step !== 'details' && course && (
        <>
          <p className="muted" style={{ margin: 0 }}>
            Building <strong>{course.title}</strong>
          </p>
          {step === 'modules' && <ModulesStep course={course} />}
          {step === 'lessons' && <LessonsStep course={course} />}
          {step === 'quizzes' && <QuizzesStep course={course} />}
          {step === 'publish' && <PublishStep course={course} />}
        </>
      )}
      <CourseAdminDialogs showInstructor={isPlatformAdmin(user.role)} />
    </div>
  );
}

function StepNav({ back, next, nextLabel, nextDisabled, hint }: { back?: WizardStep; next?: WizardStep; nextLabel?: string; nextDisabled?: boolean; hint?: string }) {
  return (
    <div className="ca-toolbar">
      <div>
        {back && (
          <button type="button" className="btn btn-secondary" onClick={() => wizardGoTo(back)}>
            Back
          </button>
        )}
      </div>
      <div className="cluster">
        {hint && nextDisabled && <span className="muted text-sm">{hint}</span>}
        {next && (
          <button type="button" className="btn btn-primary" disabled={nextDisabled} onClick={() => wizardGoTo(next)}>
            {nextLabel ?? `Next: ${WIZARD_STEP_LABELS[next]}`}
          </button>
        )}
      </div>
    </div>
  );
}

function DetailsStep({ showInstructor }: { showInstructor: boolean }) {
  const instructors = loaded(useStore($instructors)) ?? [];
  const categoriesState = useStore($categories);
  useEffect(() => {
    if (categoriesState.status === 'idle') void loadCategories();
  }, [categoriesState.status]);
  const details = { categories: loaded(categoriesState) ?? [], categoriesError: categoriesState.status === 'error' ? categoriesState.message : undefined };
  return (
    <section className="ca-panel ca-stack" aria-labelledby="wizard-details">
      <h2 id="wizard-details">Course details</h2>
      <p className="muted">The course is saved as a draft; you publish it in the last step.</p>
      <CourseForm showInstructor={showInstructor} instructors={instructors} hideStatus details={details} submitLabel="Save and continue" onSaved={wizardCourseCreated} />
    </section>
  );
}

function ModulesStep({ course }: { course: CourseDetail }) {
  const modules = byPosition(course.modules);
  return (
    <section className="ca-panel ca-stack" aria-labelledby="wizard-modules">
      <h2 id="wizard-modules">Modules</h2>
      {modules.length === 0 ? (
        <p className="ca-empty">{COURSE_ADMIN_TEXT.noModules}</p>
      ) : (
        <ol className="ca-modules" aria-label="Modules">
          {modules.map((m) => (
            <li key={m.id} className="ca-module">
              <div className="ca-module-head">
                <span className="ca-lesson-title">
                  <span className="ca-position">{positionOf(m)}</span>
                  {m.title}
                </span>
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => openDialog({ kind: 'module', courseId: course.id, module: m })}>
                  Edit
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <h3>Add a module</h3>
      <ModuleForm key={modules.length} courseId={course.id} defaultPosition={nextPosition(modules)} submitLabel="Add Module" />
      <StepNav back="details" next="lessons" nextDisabled={modules.length === 0} hint="Add at least one module." />
    </section>
  );
}

function LessonsStep({ course }: { course: CourseDetail }) {
  const modules = byPosition(course.modules);
  const [moduleId, setModuleId] = useState<number | null>(modules[0]?.id ?? null);
  const current = modules.find((m) => m.id === moduleId) ?? modules[0];
  const lessonTotal = modules.reduce((n, m) => n + m.lessons.length, 0);
  return (
    <section className="ca-panel ca-stack" aria-labelledby="wizard-lessons">
      <h2 id="wizard-lessons">Lessons</h2>
      <ol className="ca-modules" aria-label="Modules and lessons">
        {modules.map((m) => (
          <li key={m.id} className="ca-module">
            <div className="ca-module-head">
              <span className="ca-lesson-title">
                <span className="ca-position">{positionOf(m)}</span>
                {m.title}
              </span>
            </div>
            {m.lessons.length === 0 ? (
              <p className="ca-muted-line">{COURSE_ADMIN_TEXT.noLessons}</p>
            ) : (
              <ol className="ca-lessons">
                {byPosition(m.lessons).map((l) => (
                  <li key={l.id} className="ca-lesson">
                    <span className="ca-lesson-title">
                      <span className="ca-position">{positionOf(l)}</span>
                      {l.title}
                      <span className="badge">{LESSON_TYPE_LABELS[l.type]}</span>
                    </span>
                    <button type="button" className="btn btn-ghost btn-sm" onClick={() => openDialog({ kind: 'lesson', moduleId: m.id, lesson: l })}>
                      Edit
                    </button>
                  </li>
                ))}
              </ol>
            )}
          </li>
        ))}
      </ol>
      {current && (
        <>
          <h3>Add a lesson</h3>
          <div className="field">
            <label htmlFor="wizard-lesson-module">Module</label>
            <select id="wizard-lesson-module" value={current.id} onChange={(e) => setModuleId(Number(e.currentTarget.value))}>
              {modules.map((m) => (
                <option key={m.id} value={m.id}>
                  {positionOf(m)}. {m.title}
                </option>
              ))}
            </select>
          </div>
          <LessonForm key={`${current.id}-${current.lessons.length}`} moduleId={current.id} defaultPosition={nextPosition(current.lessons)} submitLabel="Add Lesson" />
        </>
      )}
      <StepNav back="modules" next="quizzes" nextDisabled={lessonTotal === 0} hint="Add at least one lesson." />
    </section>
  );
}

function QuizzesStep({ course }: { course: CourseDetail }) {
  const lessons = byPosition(course.modules).flatMap((m) => byPosition(m.lessons).map((l) => ({ lesson: l, module: m })));
  const [adding, setAdding] = useState<number | null>(null);
  return (
    <section className="ca-panel ca-stack" aria-labelledby="wizard-quizzes">
      <h2 id="wizard-quizzes">Quizzes</h2>
      <p className="muted">Quizzes belong to quiz lessons (lesson type Quiz). Learners must pass every quiz to earn the certificate.</p>
      {lessons.length > 0 && !lessons.some(({ lesson }) => lesson.type === 'quiz' || quizOf(lesson)) && (
        <p className="ca-empty">No quiz lessons yet: add a lesson of type Quiz in the Lessons step to give it a quiz.</p>
      )}
      <ul className="ca-questions">
        {lessons.map(({ lesson, module }) => {
          const quiz = quizOf(lesson);
          return (
            <li key={lesson.id} className="ca-question">
              <div className="ca-toolbar">
                <span>
                  <strong>{lesson.title}</strong> <span className="muted text-sm">· {module.title}</span>
                </span>
                {quiz ? (
                  <span className="cluster">
                    <span className="text-sm">
                      {quiz.title} · {countLabel(quiz.questionCount ?? 0, 'question')}
                    </span>
                    <button type="button" className="btn btn-secondary btn-sm" onClick={() => openDialog({ kind: 'question', quiz, lessonTitle: lesson.title })}>
                      Add Question
                    </button>
                    <button type="button" className="btn btn-ghost btn-sm" onClick={() => openDialog({ kind: 'view-quiz', quiz, lessonTitle: lesson.title })}>
                      View Quiz
                    </button>
                  </span>
                ) : lesson.type !== 'quiz' ? (
                  <span className="muted text-sm">{LESSON_TYPE_LABELS[lesson.type]} lesson: no quiz</span>
                ) : (
                  adding !== lesson.id && (
                    <button type="button" className="btn btn-secondary btn-sm" onClick={() => setAdding(lesson.id)} aria-label={`Add quiz to ${lesson.title}`}>
                      Add Quiz
                    </button>
                  )
                )}
              </div>
              {!quiz && adding === lesson.id && (
                <div style={{ marginTop: 'var(--space-3)' }}>
                  <QuizForm lesson={lesson} onCancel={() => setAdding(null)} onSaved={() => setAdding(null)} />
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <StepNav back="lessons" next="publish" />
    </section>
  );
}

function PublishStep({ course }: { course: CourseDetail }) {
  const published = useStore($wizardPublished) || statusOfDetail(course) === 'published';
  const [busy, setBusy] = useState(false);
  const lessons = course.modules.flatMap((m) => m.lessons);
  const quizzes = lessons.filter((l) => quizOf(l));
  return (
    <section className="ca-panel ca-stack" aria-labelledby="wizard-publish">
      <h2 id="wizard-publish">Publish</h2>
      <dl className="ca-facts">
        <div>
          <dt>Modules</dt>
          <dd>{course.modules.length}</dd>
        </div>
        <div>
          <dt>Lessons</dt>
          <dd>{lessons.length}</dd>
        </div>
        <div>
          <dt>Quizzes</dt>
          <dd>{quizzes.length}</dd>
        </div>
      </dl>
      {published ? (
        <div className="alert alert-success" role="status">
          <p className="alert-title">Your course is published.</p>
          <p>
            It is in the catalog now: <a href={`/courses/${course.id}`}>view it as learners see it</a>, or{' '}
            <a href={`/instructor/courses/${course.id}`}>keep managing it</a>.
          </p>
        </div>
      ) : (
        <p>Publishing puts the course in the public catalog at once. You can withdraw it later by setting it back to draft.</p>
      )}
      <div className="ca-toolbar">
        <button type="button" className="btn btn-secondary" onClick={() => wizardGoTo('quizzes')}>
          Back
        </button>
        <div className="cluster">
          <button type="button" className="btn btn-ghost" onClick={wizardReset}>
            Start another course
          </button>
          {!published && (
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={() => {
                setBusy(true);
                void wizardPublish().finally(() => setBusy(false));
              }}
            >
              {busy ? 'Publishing...' : 'Publish Course'}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}

export default withErrorBoundary(CourseWizard);
