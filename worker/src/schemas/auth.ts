import { z } from 'zod';
import { uploadKeyOf } from '../domain/media-links.ts';
import { MIN_PASSWORD_LENGTH } from '../domain/password-rules.ts';
import { multiLine, singleLine } from './text.ts';

/** Shared by the API and the sign-in, sign-up and profile forms. Messages are shown as they are. */

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
/** Long enough for any passphrase, short enough that hashing it costs nothing extra. */
export const PASSWORD_MAX = 256;
export const NAME_MAX = 100;
export const BIO_MAX = 2000;
export const EMAIL_MAX = 254;

export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .regex(/^[A-Za-z0-9._-]+$/, 'Username may contain only letters, digits, dots, underscores and hyphens');

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const emailSchema = z
  .email({ error: 'Enter a valid email address' })
  .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`);

const nameSchema = (label: string) =>
  singleLine(
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(NAME_MAX, `${label} must be at most ${NAME_MAX} characters`),
  );

export const firstNameSchema = nameSchema('First name');
export const lastNameSchema = nameSchema('Last name');
export const bioSchema = multiLine(
  z
    .string({ error: 'Bio must be text' })
    .max(BIO_MAX, `Bio must be at most ${BIO_MAX} characters`),
);

/**
 * A file of this site exactly as the upload route names it (`/uploads/{key}`: no encoding, no
 * dots but the extension's), or an https URL with a host and no credentials. Encoded dots,
 * traversal, backslashes, javascript:, data: and plain http are refused (decision 0015).
 */
function isProfileImageLink(value: string): boolean {
  if (value.startsWith('/')) return uploadKeyOf(value) !== null && /^\/uploads\/[a-z0-9/.-]+$/.test(value);
  if (!/^https:\/\//i.test(value) || /[\s\\]/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** A picture stored by this app (/uploads/...) or an https URL; null removes it. */
export const profileImageUrlSchema = z
  .string({ error: 'Profile image must be a link' })
  .trim()
  .max(2048, 'Profile image link is too long')
  .refine(isProfileImageLink, { message: 'Profile image must be an uploaded file or an https link' })
  .nullable();

/** An empty email field means no email. */
const optionalEmail = z
  .string({ error: 'Enter a valid email address' })
  .trim()
  .pipe(z.union([z.literal(''), emailSchema]))
  .nullish()
  .transform((value) => (value ? value.toLowerCase() : undefined));

export const registerSchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
  email: optionalEmail,
  first_name: firstNameSchema.optional(),
  last_name: lastNameSchema.optional(),
});
export type RegisterInput = z.input<typeof registerSchema>;

/** Sign-in checks only presence: the password rules of today may not hold for older accounts. */
export const loginSchema = z.object({
  username: singleLine(z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(254, 'Invalid username or password')),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX, 'Invalid username or password'),
});
export type LoginInput = z.input<typeof loginSchema>;

export const updateProfileSchema = z.object({
  first_name: firstNameSchema.optional(),
  last_name: lastNameSchema.optional(),
  bio: bioSchema.optional(),
  profile_image_url: profileImageUrlSchema.optional(),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;
