import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { AppError, type ValidationErrors } from './errors.ts';

/** Turns zod issues into the field -> messages map of the error shape. */
export function toValidationErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): ValidationErrors {
  const out: ValidationErrors = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_';
    (out[field] ??= []).push(issue.message);
  }
  return out;
}

/** What a `validate()` middleware checks: the part of the request and its schema. */
export interface ValidationRecord {
  target: keyof ValidationTargets;
  schema: ZodType;
}

/** The schema each middleware made by `validate()` checks, read by the OpenAPI generator (decision 0033). */
const records = new WeakMap<object, ValidationRecord>();

/** The target and schema a route handler validates with, or undefined when it is not a `validate()` middleware. */
export function validationOf(handler: unknown): ValidationRecord | undefined {
  return typeof handler === 'function' ? records.get(handler) : undefined;
}

/**
 * The one validation hook of the API: every `validate()` answers 400 with the error shape,
 * whose message is the first problem found. The middleware keeps its schema for the API
 * description (`validationOf`).
 */
export const validate = <T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) => {
  const middleware = zValidator(target, schema, (result) => {
    if (!result.success) {
      const validationErrors = toValidationErrors(result.error.issues);
      const first = result.error.issues[0]?.message ?? 'Invalid input';
      throw new AppError(400, first, { validationErrors });
    }
  });
  records.set(middleware, { target, schema });
  return middleware;
};
