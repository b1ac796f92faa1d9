import { z } from 'zod';
import { emailSchema } from './auth.ts';

/** POST /api/courses/{id}/invitations: the learner's email, compared without regard to case. */
export const invitationSchema = z.object({
  email: z
    .string({ error: 'Enter a valid email address' })
    .trim()
    .toLowerCase()
    .pipe(emailSchema),
});
export type InvitationInput = z.input<typeof invitationSchema>;
