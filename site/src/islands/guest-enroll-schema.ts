import { guestEnrollSchema } from '../../../worker/src/schemas/learning.ts';

/** The API's guest enrolment schema without the course (it comes from the address). Loaded on demand. */
export const guestEnrollFormSchema = guestEnrollSchema.omit({ courseId: true });
