import { z } from 'zod';
import { registerSchema } from '../../../worker/src/schemas/auth.ts';

/** The registration schema of the API plus the form's password confirmation. Loaded on demand. */
export const signUpSchema = registerSchema
  .extend({ confirm_password: z.string({ error: 'Please confirm your password' }) })
  .refine((v) => v.password === v.confirm_password, { message: 'Passwords do not match', path: ['confirm_password'] });

export type SignUpValues = z.output<typeof signUpSchema>;
