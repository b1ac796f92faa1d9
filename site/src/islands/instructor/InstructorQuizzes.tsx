import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { loaded, openDialog, passScoreOf, positionOf, quizOf } from '../../stores/course-admin.ts';
import { $myCourseDetails, loadMyCourseDetails, reloadDetailsAfterDialogs } from '../../stores/instructor.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import CourseAdminDialogs from '../course-admin/CourseAdminDialogs.tsx';
import { DataTable, ListStates } from '../course-admin/list-parts.tsx';
import InstructorAccess, { NoCoursesYet } from './InstructorAccess.tsx';

function byPosition<T extends { order?: number; position?: number; id: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => positionOf(a) - positionOf(b) || a.id - b.id);
}

function Quizzes() {
  const state = useStore($myCourseDetails);
  useEffect(() => {
    void loadMyCourseDetails();
    return reloadDetailsAfterDialogs();
  }, []);
  const courses = loaded(state);

  return (
    <div className="ca-stack">
      <ListStates state={state} items={courses} loadingLabel="Loading quizzes..." empty={<NoCoursesYet />} />
      {courses?.map((course) => {
        const lessons = byPosition(course.modules).flatMap((m) => byPosition(m.lessons).map((l) => ({ lesson: l, module: m })));
        return (
          <section key={course.id} className="ca-panel" aria-labelledby={`quiz-course-${course.id}`}>
            <div className="ca-toolbar">
              <h2 id={`quiz-course-${course.id}`} style={{ margin: 0 }}>
                {course.title}
              </h2>
              <a className="btn btn-ghost btn-sm" href={`/instructor/courses/${course.id}`}>
                Manage course
              </a>
            </div>
            {lessons.length === 0 ? (
              <p className="muted">No lessons yet.</p>
            ) : (
              <DataTable columns={['Lesson', 'Quiz', 'Pass score', 'Questions']} actions>
                {lessons.map(({ lesson, module }) => {
                  const quiz = quizOf(lesson);
                  return (
                    <tr key={lesson.id}>
                      <th scope="row">
                        {lesson.title}
                        <span className="admin-sub">{module.title}</span>
                      </th>
                      <td>{quiz ? quiz.title : <span className="muted">No quiz</span>}</td>
                      <td>{quiz ? `${passScoreOf(quiz)}%` : '—'}</td>
                      <td>{quiz ? quiz.questionCount : '—'}</td>
                      <td>
                        <div className="ca-actions">
                          {quiz ? (
                            <>
                              <button
                                type="button"
                                className="btn btn-secondary btn-sm"
                                onClick={() => openDialog({ kind: 'view-quiz', quiz, lessonTitle: lesson.title })}
                              >
                                View Quiz
                              </button>
                              <button
                                type="button"
                                className="btn btn-ghost btn-sm"
                                onClick={() => openDialog({ kind: 'edit-quiz', quizId: quiz.id, lessonTitle: lesson.title })}
                                aria-label={`Edit quiz of ${lesson.title}`}
                              >
                                Edit Quiz
                              </button>
                              <button
                                type="button"
                                className="btn btn-ghost btn-sm"
                                onClick={() => openDialog({ kind: 'question', quiz, lessonTitle: lesson.title })}
                              >
                                Add Question
                              </button>
                            </>
                          ) : lesson.type === 'quiz' ? (
                            <button
                              type="button"
                              className="btn btn-secondary btn-sm"
                              onClick={() => openDialog({ kind: 'quiz', lesson })}
                              aria-label={`Add quiz to ${lesson.title}`}
                            >
                              Add Quiz
                            </button>
                          ) : (
                            <span className="muted text-sm">Not a quiz lesson</span>
                          )}
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </DataTable>
            )}
          </section>
        );
      })}
      <CourseAdminDialogs showInstructor={false} />
    </div>
  );
}

/** /instructor/quizzes: every quiz of my courses, with its questions and attempt rules (Edit Quiz). */
function InstructorQuizzes() {
  return <InstructorAccess>{() => <Quizzes />}</InstructorAccess>;
}

export default withErrorBoundary(InstructorQuizzes);
