import { z } from 'zod';
import { decodeCursor, type Cursor } from '../domain/page-cursor.ts';
import { isRoleName, ROLE_NAMES, type RoleName } from '../domain/roles.ts';
import { bioSchema, firstNameSchema, lastNameSchema } from './auth.ts';
import { singleLine } from './text.ts';

/** A numeric id in a path: digits only, so '1e3', '0x10' or '-1' are not read as numbers. */
export const idSchema = z
  .string({ error: 'Invalid id' })
  .regex(/^[0-9]{1,15}$/, 'Invalid id')
  .transform(Number)
  .refine((n) => n > 0, 'Invalid id');

export const idParamSchema = z.object({ id: idSchema });

/** A role name (domain/roles.ts ROLE_NAMES); case is forgiven. */
export const roleNameSchema = z
  .string({ error: 'Role is required' })
  .trim()
  .toUpperCase()
  .pipe(z.enum(ROLE_NAMES, { error: 'Unknown role' }));

/** A query number; an empty value (`?page=`) means the default. */
const queryNumber = (label: string, min: number, max: number, fallback: number) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ error: `${label} must be a number` })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max}`)
      .default(fallback),
  );

export const pageQuery = queryNumber('Page', 1, 1_000_000, 1);
export const pageSizeQuery = (fallback: number) => queryNumber('Page size', 1, 100, fallback);

export const INVALID_CURSOR = 'This page link is not valid: start again from the first page';

/** A page token a list answered (`next` / `prev`); empty means none. */
export const cursorQuery = z
  .string()
  .optional()
  .transform((value, ctx): Cursor | undefined => {
    if (!value) return undefined;
    const cursor = decodeCursor(value);
    if (!cursor) ctx.addIssue({ code: 'custom', message: INVALID_CURSOR });
    return cursor ?? undefined;
  });

/**
 * The paging of a list read by keyset (decision 0045): a page number, or the page after or before
 * one already shown, named by the token that page answered.
 */
export const keysetPageQuery = (fallbackSize: number) =>
  z
    .object({ page: pageQuery, pageSize: pageSizeQuery(fallbackSize), after: cursorQuery, before: cursorQuery })
    .refine((q) => !(q.after && q.before), { message: 'Ask for the page after a row or before one, not both', path: ['before'] });

/** A list's search text in its query; empty means none. */
export const searchQuery = singleLine(z.string().trim().max(100, 'Search must be at most 100 characters'))
  .optional()
  .transform((v) => v || undefined);

/** A list's filter in its query: one of `values`, or empty (or absent) for every row. */
export const choiceQuery = <T extends string>(values: readonly T[], error: string) =>
  z
    .enum([...values, ''], { error })
    .optional()
    .transform((v): T | undefined => (v ? (v as T) : undefined));

export const listUsersFiltersSchema = z.object({
  search: singleLine(z.string().trim().max(100, 'Search must be at most 100 characters')).optional(),
  /** Only holders of this role. */
  role: z
    .string()
    .trim()
    .toUpperCase()
    .refine((r) => r === '' || isRoleName(r), 'Unknown role')
    .optional()
    .transform((r) => (r ? (r as RoleName) : undefined)),
});
export const listUsersQuerySchema = listUsersFiltersSchema.and(keysetPageQuery(20));

export const adminUpdateUserSchema = z.object({
  is_active: z.boolean({ error: 'Active must be on or off' }).optional(),
  first_name: firstNameSchema.optional(),
  last_name: lastNameSchema.optional(),
  bio: bioSchema.optional(),
});
export type AdminUpdateUserInput = z.input<typeof adminUpdateUserSchema>;

export const grantRoleSchema = z.object({ role: roleNameSchema });

export const userRoleParamSchema = z.object({ id: idSchema, role: roleNameSchema });
