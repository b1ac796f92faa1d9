import { useStore } from '@nanostores/react';
import { ConfirmDialog } from '../admin/AdminStates.tsx';
import {
  $courseAdminDialog,
  $courseDetail,
  $instructors,
  $quizDetail,
  $quizQuestions,
  closeDialog,
  confirmDelete,
  correctOptionOf,
  deleteConfirmation,
  deleteQuestion,
  loaded,
  nextPosition,
  openDialog,
  passScoreOf,
  quizRulesSummary,
} from '../../stores/course-admin.ts';
import CourseForm from './CourseForm.tsx';
import DialogFrame from './DialogFrame.tsx';
import LessonForm from './LessonForm.tsx';
import ModuleForm from './ModuleForm.tsx';
import QuestionForm from './QuestionForm.tsx';
import QuizForm from './QuizForm.tsx';

const THING_TITLES = { course: 'Course', module: 'Module', lesson: 'Lesson' } as const;

/** Every dialog of the course administration screen, driven by the store's open dialog (one at a time). */
export default function CourseAdminDialogs({ showInstructor }: { showInstructor: boolean }) {
  const dialog = useStore($courseAdminDialog);
  const detail = loaded(useStore($courseDetail));
  const instructors = loaded(useStore($instructors)) ?? [];
  const questions = useStore($quizQuestions);
  const quizDetail = useStore($quizDetail);
  const onOpenChange = (open: boolean) => {
    if (!open) closeDialog();
  };

  switch (dialog.kind) {
    case 'none':
      return null;
    case 'course':
      return (
        <DialogFrame
          open
          onOpenChange={onOpenChange}
          wide
          title={dialog.course ? 'Edit Course' : 'Create Course'}
          description={dialog.course ? 'Change the course details.' : 'Add a new course. It starts as a draft unless you publish it.'}
        >
          <CourseForm key={dialog.course?.id ?? 'new'} course={dialog.course} showInstructor={showInstructor} instructors={instructors} onCancel={closeDialog} />
        </DialogFrame>
      );
    case 'module': {
      const modules = detail?.id === dialog.courseId ? detail.modules : [];
      return (
        <DialogFrame open onOpenChange={onOpenChange} title={dialog.module ? 'Edit Module' : 'Create Module'} description="Modules group the lessons of a course.">
          <ModuleForm courseId={dialog.courseId} module={dialog.module} defaultPosition={nextPosition(modules)} onCancel={closeDialog} />
        </DialogFrame>
      );
    }
    case 'lesson': {
      const lessons = detail?.modules.find((m) => m.id === dialog.moduleId)?.lessons ?? [];
      return (
        <DialogFrame open onOpenChange={onOpenChange} wide title={dialog.lesson ? 'Edit Lesson' : 'Create Lesson'} description="A lesson is text, a video or a quiz.">
          <LessonForm moduleId={dialog.moduleId} lesson={dialog.lesson} defaultPosition={nextPosition(lessons)} onCancel={closeDialog} />
        </DialogFrame>
      );
    }
    case 'quiz':
      return (
        <DialogFrame open onOpenChange={onOpenChange} title="Create Quiz" description={`A quiz for the lesson “${dialog.lesson.title}”.`}>
          <QuizForm lesson={dialog.lesson} onCancel={closeDialog} />
        </DialogFrame>
      );
    case 'question':
      return (
        <DialogFrame open onOpenChange={onOpenChange} wide title="Add Question" description={`A question of “${dialog.quiz.title}”.`}>
          <QuestionForm quizId={dialog.quiz.id} onCancel={closeDialog} />
        </DialogFrame>
      );
    case 'edit-quiz': {
      const quiz = quizDetail.status === 'ready' && quizDetail.data.id === dialog.quizId ? quizDetail.data : null;
      return (
        <DialogFrame open onOpenChange={onOpenChange} title="Edit Quiz" description={`The quiz of the lesson “${dialog.lessonTitle}” and its attempt rules.`}>
          {quizDetail.status === 'error' ? (
            <p className="alert alert-error" role="alert">
              {quizDetail.message}
            </p>
          ) : quiz ? (
            <QuizForm key={quiz.id} lesson={{ id: quiz.lessonId, title: dialog.lessonTitle }} quiz={quiz} onCancel={closeDialog} />
          ) : (
            <p className="loading" role="status">
              <span className="spinner" aria-hidden="true" />
              Loading quiz...
            </p>
          )}
        </DialogFrame>
      );
    }
    case 'view-quiz': {
      const list = questions.status === 'ready' ? questions.data : [];
      const rules = quizDetail.status === 'ready' && quizDetail.data.id === dialog.quiz.id ? quizDetail.data : null;
      return (
        <DialogFrame
          open
          onOpenChange={onOpenChange}
          wide
          title={dialog.quiz.title}
          description={`Quiz of “${dialog.lessonTitle}” · pass score ${passScoreOf(dialog.quiz)}%`}
        >
          {questions.status === 'loading' && (
            <p className="loading" role="status">
              <span className="spinner" aria-hidden="true" />
              Loading questions...
            </p>
          )}
          {questions.status === 'error' && (
            <p className="alert alert-error" role="alert">
              {questions.message}
            </p>
          )}
          {rules && <p className="text-sm muted">{quizRulesSummary(rules)}</p>}
          {questions.status === 'ready' && list.length === 0 && <p className="muted">No questions yet. Add the first one.</p>}
          {list.length > 0 && (
            <ol className="ca-questions">
              {list.map((q) => (
                <li key={q.id} className="ca-question">
                  <div className="ca-toolbar">
                    <strong>{q.question}</strong>
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      aria-label={`Delete question ${q.question}`}
                      onClick={() => void deleteQuestion(q.id, dialog.quiz.id)}
                    >
                      Delete
                    </button>
                  </div>
                  <ol>
                    {q.options.map((o, i) => (
                      <li key={i} className={i === correctOptionOf(q) ? 'ca-correct' : undefined}>
                        {o}
                        {i === correctOptionOf(q) && <span className="visually-hidden"> (correct answer)</span>}
                      </li>
                    ))}
                  </ol>
                </li>
              ))}
            </ol>
          )}
          <div className="drx-dialog-actions">
            <button type="button" className="btn btn-secondary" onClick={closeDialog}>
              Close
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => openDialog({ kind: 'edit-quiz', quizId: dialog.quiz.id, lessonTitle: dialog.lessonTitle })}>
              Edit Quiz
            </button>
            <button type="button" className="btn btn-primary" onClick={() => openDialog({ kind: 'question', quiz: dialog.quiz, lessonTitle: dialog.lessonTitle })}>
              Add Question
            </button>
          </div>
        </DialogFrame>
      );
    }
    case 'delete': {
      const { target } = dialog;
      return (
        <ConfirmDialog
          open
          onOpenChange={onOpenChange}
          title={`Delete ${THING_TITLES[target.thing]}`}
          description={deleteConfirmation(target.thing)}
          confirmLabel="Delete"
          destructive
          onConfirm={() => confirmDelete(target)}
        />
      );
    }
  }
}
