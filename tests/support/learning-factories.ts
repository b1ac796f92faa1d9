import { randomBytes } from 'node:crypto';
import { courses, lessons, modules, quizQuestions, quizzes } from '../../db/schema/index.ts';
import type { Db } from '../../worker/src/platform/db.ts';

/**
 * Courses with modules, lessons, quizzes and questions written straight to the database, for the
 * learning and certificate tests. Titles are unique unless given.
 */

export interface QuestionSpec {
  question?: string;
  options?: string[];
  correct?: number;
}

export interface QuizSpec {
  title?: string;
  passScore?: number;
  /** Attempt rules (decision 0012); the schema's defaults unless given. */
  maxAttempts?: number | null;
  attemptWaitMinutes?: number;
  shuffleQuestions?: boolean;
  revealAnswers?: 'after_pass' | 'never';
  /** Three questions with the correct option 0, 1, 2 unless given. */
  questions?: QuestionSpec[];
}

export interface LessonSpec {
  title?: string;
  type?: 'text' | 'video' | 'quiz';
  content?: string;
  /** Quizzes of the lesson; a 'quiz' lesson gets one default quiz unless given. */
  quizzes?: QuizSpec[];
}

export interface ModuleSpec {
  title?: string;
  lessons: LessonSpec[];
}

export interface CourseSpec {
  title?: string;
  description?: string;
  status?: 'draft' | 'published' | 'archived';
  priceCents?: number;
  instructorId?: number | null;
  lockModules?: boolean;
  certificateTemplateId?: number | null;
  /** One module with a text lesson and a quiz lesson unless given. */
  modules?: ModuleSpec[];
}

export interface BuiltQuestion {
  id: number;
  correct: number;
  options: string[];
}
export interface BuiltQuiz {
  id: number;
  lessonId: number;
  passScore: number;
  questions: BuiltQuestion[];
}
export interface BuiltLesson {
  id: number;
  type: 'text' | 'video' | 'quiz';
  quizzes: BuiltQuiz[];
}
export interface BuiltModule {
  id: number;
  lessons: BuiltLesson[];
}
export interface BuiltCourse {
  id: number;
  title: string;
  modules: BuiltModule[];
  lessons: BuiltLesson[];
  quizzes: BuiltQuiz[];
}

const unique = (prefix: string) => `${prefix} ${randomBytes(4).toString('hex')}`;

const DEFAULT_QUESTIONS: QuestionSpec[] = [
  { question: 'Which foot leads?', options: ['Left', 'Right', 'Both'], correct: 0 },
  { question: 'How many counts?', options: ['Four', 'Eight', 'Six'], correct: 1 },
  { question: 'Which position is first?', options: ['Second', 'Fourth', 'First'], correct: 2 },
];

export async function buildCourse(db: Db, spec: CourseSpec = {}): Promise<BuiltCourse> {
  const title = spec.title ?? unique('Course');
  const [course] = await db
    .insert(courses)
    .values({
      title,
      description: spec.description ?? 'A course about dancing, with care.',
      status: spec.status ?? 'published',
      priceCents: spec.priceCents ?? 0,
      instructorId: spec.instructorId ?? null,
      lockModules: spec.lockModules ?? false,
      certificateTemplateId: spec.certificateTemplateId ?? null,
    })
    .returning({ id: courses.id });
  const moduleSpecs = spec.modules ?? [{ lessons: [{ type: 'text' }, { type: 'quiz' }] }];
  const built: BuiltCourse = { id: course!.id, title, modules: [], lessons: [], quizzes: [] };
  for (const [i, m] of moduleSpecs.entries()) {
    const [mod] = await db
      .insert(modules)
      .values({ courseId: course!.id, title: m.title ?? unique('Module'), description: 'What this module teaches.', position: i + 1 })
      .returning({ id: modules.id });
    const builtModule: BuiltModule = { id: mod!.id, lessons: [] };
    for (const [j, l] of m.lessons.entries()) {
      const type = l.type ?? 'text';
      const [lesson] = await db
        .insert(lessons)
        .values({
          moduleId: mod!.id,
          title: l.title ?? unique('Lesson'),
          description: 'What this lesson is about.',
          type,
          position: j + 1,
          content: l.content ?? (type === 'video' ? 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' : '# Heading\n\nSome **text**.'),
        })
        .returning({ id: lessons.id });
      const builtLesson: BuiltLesson = { id: lesson!.id, type, quizzes: [] };
      const quizSpecs = l.quizzes ?? (type === 'quiz' ? [{}] : []);
      for (const q of quizSpecs) {
        const passScore = q.passScore ?? 70;
        const [quiz] = await db
          .insert(quizzes)
          .values({
            lessonId: lesson!.id,
            title: q.title ?? unique('Quiz'),
            description: 'Test your knowledge of this lesson',
            passScore,
            maxAttempts: q.maxAttempts ?? null,
            attemptWaitMinutes: q.attemptWaitMinutes ?? 0,
            shuffleQuestions: q.shuffleQuestions ?? false,
            revealAnswers: q.revealAnswers ?? 'after_pass',
          })
          .returning({ id: quizzes.id });
        const questionSpecs = q.questions ?? DEFAULT_QUESTIONS;
        const questions: BuiltQuestion[] = [];
        for (const [k, qs] of questionSpecs.entries()) {
          const options = qs.options ?? ['A', 'B', 'C'];
          const correct = qs.correct ?? 0;
          const [row] = await db
            .insert(quizQuestions)
            .values({ quizId: quiz!.id, question: qs.question ?? `Question ${k + 1}?`, options, correctOption: correct, position: k + 1 })
            .returning({ id: quizQuestions.id });
          questions.push({ id: row!.id, correct, options });
        }
        const builtQuiz: BuiltQuiz = { id: quiz!.id, lessonId: lesson!.id, passScore, questions };
        builtLesson.quizzes.push(builtQuiz);
        built.quizzes.push(builtQuiz);
      }
      builtModule.lessons.push(builtLesson);
      built.lessons.push(builtLesson);
    }
    built.modules.push(builtModule);
  }
  return built;
}

/** Answers that get every question right, or (with `wrong`) the first `wrong` questions wrong. */
export function answersFor(quiz: BuiltQuiz, wrong = 0) {
  return quiz.questions.map((q, i) => ({
    questionId: q.id,
    selected: i < wrong ? (q.correct + 1) % q.options.length : q.correct,
  }));
}
