
/**
 * Courses as the API answers them, and the messages of their rules; shared by the course
 * administration API, the catalog, the pre-rendered pages and the learning API. The reads are in
 * course-reads.ts, who may manage what in course-access.ts, the writes in course-writes.ts, and
 * the views of modules, lessons, quizzes and questions in course-views.ts.
 */

export const COURSE_NOT_FOUND = 'Course not found';
export const MODULE_NOT_FOUND = 'Module not found';
export const LESSON_NOT_FOUND = 'Lesson not found';
export const QUIZ_NOT_FOUND = 'Quiz not found';
export const QUESTION_NOT_FOUND = 'Question not found';
export const NOT_YOUR_COURSE = 'You can only manage your own courses';
export const COURSE_MANAGERS_ONLY = 'Only instructors and admins can manage courses';
