import { useStore } from '@nanostores/react';
import { COURSE_ADMIN_TEXT } from '../../../../worker/src/domain/courses.ts';
import { formatCurrency } from '../../lib/currency.ts';
import { countLabel } from '../../lib/plural.ts';
import { formatDate } from '../admin/AdminStates.tsx';
import {
  $courseDetail,
  $courseList,
  COURSE_STATUS_LABELS,
  instructorLabel,
  itemOfDetail,
  LESSON_TYPE_LABELS,
  lessonCountOf,
  loaded,
  openDialog,
  positionOf,
  quizOf,
  quizzesWithoutQuestions,
  statusOfDetail,
  type LessonView,
} from '../../stores/course-admin.ts';
import CourseImage from './CourseImage.tsx';
import FeedbackSettingsPanel from './FeedbackSettingsPanel.tsx';

export interface CourseDetailsProps {
  /** Where the full edit page of a course is (/admin/courses/{id}/edit), if this screen links to it. */
  editPageHref?: (id: number) => string;
  /** Where learners see the course. */
  publicHref?: (id: number) => string;
}

function sorted<T extends { order?: number; position?: number; id: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => positionOf(a) - positionOf(b) || a.id - b.id);
}

/**
 * The 'Course Details' tab: image, description, instructor, enrolment and module counts, created
 * date, and the modules with their lessons and every action on them.
 */
export default function CourseDetails({ editPageHref, publicHref }: CourseDetailsProps) {
  const state = useStore($courseDetail);
  const list = loaded(useStore($courseList));
  const course = loaded(state);

  if (state.status === 'error') {
    return (
      <div className="alert alert-error" role="alert">
        <p>{state.message}</p>
      </div>
    );
  }
  if (!course) {
    return (
      <p className="loading" role="status">
        <span className="spinner" aria-hidden="true" />
        {COURSE_ADMIN_TEXT.loading}
      </p>
    );
  }

  const canManage = list?.find((c) => c.id === course.id)?.canManage ?? true;
  const status = statusOfDetail(course);
  const modules = sorted(course.modules);
  const emptyQuizzes = quizzesWithoutQuestions(course);

  return (
    <div className="ca-stack" aria-busy={state.status === 'loading'}>
      <section className="ca-panel" aria-labelledby="ca-course-title">
        <div className="ca-details-head">
          <div className="ca-details-media">
            <CourseImage src={course.image_url} alt={`Image of ${course.title}`} />
          </div>
          <div>
            <div className="ca-toolbar">
              <h2 id="ca-course-title">{course.title}</h2>
              <span className="badge badge-primary">{COURSE_STATUS_LABELS[status]}</span>
            </div>
            <p>{course.description}</p>
            <dl className="ca-facts">
              <div>
                <dt>Instructor</dt>
                <dd>{instructorLabel(course)}</dd>
              </div>
              <div>
                <dt>Price</dt>
                <dd>{formatCurrency(course.price)}</dd>
              </div>
              <div>
                <dt>Enrollments</dt>
                <dd>{course.enrollment_count ?? 0}</dd>
              </div>
              <div>
                <dt>Modules</dt>
                <dd>{course.modules.length}</dd>
              </div>
              <div>
                <dt>Created</dt>
                <dd>{course.created_at ? formatDate(course.created_at) : 'N/A'}</dd>
              </div>
            </dl>
            {emptyQuizzes.length > 0 && (
              <div className="alert alert-warning" role="note" aria-label="Why this course cannot be published" style={{ marginTop: 'var(--space-4)' }}>
                <p className="alert-title">{status === 'published' ? 'Learners cannot finish this course yet' : 'This course cannot be published yet'}</p>
                <p>
                  A quiz without questions cannot be passed, so a course with one cannot be published. Add questions to{' '}
                  {emptyQuizzes.map((q) => `“${q.title}” (lesson “${q.lessonTitle}”)`).join(', ')} or delete{' '}
                  {emptyQuizzes.length === 1 ? 'it' : 'them'}.
                </p>
              </div>
            )}
            <div className="cluster" style={{ marginTop: 'var(--space-4)' }}>
              <button type="button" className="btn btn-secondary btn-sm" disabled={!canManage} onClick={() => openDialog({ kind: 'course', course: itemOfDetail(course, canManage) })}>
                Edit Course
              </button>
              {editPageHref && canManage && (
                <a className="btn btn-ghost btn-sm" href={editPageHref(course.id)}>
                  Open full edit page
                </a>
              )}
              {publicHref && status === 'published' && (
                <a className="btn btn-ghost btn-sm" href={publicHref(course.id)}>
                  View in catalog
                </a>
              )}
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="ca-modules-title" className="ca-stack">
        <div className="ca-toolbar">
          <h2 id="ca-modules-title">Modules</h2>
          <button type="button" className="btn btn-primary" disabled={!canManage} onClick={() => openDialog({ kind: 'module', courseId: course.id })}>
            Add Module
          </button>
        </div>
        {modules.length === 0 ? (
          <p className="ca-empty">{COURSE_ADMIN_TEXT.noModules}</p>
        ) : (
          <ol className="ca-modules" aria-label="Modules">
            {modules.map((module) => (
              <li key={module.id} className="ca-module">
                <div className="ca-module-head">
                  <h3 className="ca-module-title">
                    <span className="ca-position" aria-label={`Position ${positionOf(module)}`}>
                      {positionOf(module)}
                    </span>
                    {module.title}
                    <span className="muted text-sm"> · {countLabel(lessonCountOf(module), 'lesson')}</span>
                  </h3>
                  <div className="ca-actions">
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      disabled={!canManage}
                      onClick={() => openDialog({ kind: 'lesson', moduleId: module.id })}
                      aria-label={`Add lesson to ${module.title}`}
                    >
                      Add Lesson
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      disabled={!canManage}
                      onClick={() => openDialog({ kind: 'module', courseId: course.id, module })}
                      aria-label={`Edit module ${module.title}`}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      disabled={!canManage}
                      onClick={() => openDialog({ kind: 'delete', target: { thing: 'module', id: module.id, title: module.title } })}
                      aria-label={`Delete module ${module.title}`}
                    >
                      Delete
                    </button>
                  </div>
                </div>
                {module.lessons.length === 0 ? (
                  <p className="ca-muted-line">{COURSE_ADMIN_TEXT.noLessons}</p>
                ) : (
                  <ol className="ca-lessons" aria-label={`Lessons of ${module.title}`}>
                    {sorted(module.lessons).map((lesson) => (
                      <LessonRow key={lesson.id} lesson={lesson} canManage={canManage} />
                    ))}
                  </ol>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>

      <FeedbackSettingsPanel courseId={course.id} canManage={canManage} />
    </div>
  );
}

function LessonRow({ lesson, canManage }: { lesson: LessonView; canManage: boolean }) {
  const quiz = quizOf(lesson);
  return (
    <li className="ca-lesson">
      <span className="ca-lesson-title">
        <span className="ca-position" aria-label={`Position ${positionOf(lesson)}`}>
          {positionOf(lesson)}
        </span>
        {lesson.title}
        <span className="badge">{LESSON_TYPE_LABELS[lesson.type] ?? lesson.type}</span>
      </span>
      <span className="ca-actions">
        {quiz ? (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => openDialog({ kind: 'view-quiz', quiz, lessonTitle: lesson.title })}
            aria-label={`View quiz of ${lesson.title}`}
          >
            View Quiz
          </button>
        ) : lesson.type === 'quiz' ? (
          // Only a quiz lesson takes a quiz; other types show none rather than a button to misuse.
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={!canManage}
            onClick={() => openDialog({ kind: 'quiz', lesson })}
            aria-label={`Add quiz to ${lesson.title}`}
          >
            Add Quiz
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={!canManage}
          onClick={() => openDialog({ kind: 'lesson', moduleId: lesson.module_id, lesson })}
          aria-label={`Edit lesson ${lesson.title}`}
        >
          Edit
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={!canManage}
          onClick={() => openDialog({ kind: 'delete', target: { thing: 'lesson', id: lesson.id, title: lesson.title } })}
          aria-label={`Delete lesson ${lesson.title}`}
        >
          Delete
        </button>
      </span>
    </li>
  );
}
