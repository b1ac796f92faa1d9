import { zValidator } from '@hono/zod-validator';
import { resolver, uniqueSymbol } from 'hono-openapi';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { AppError, type ValidationErrors } from './errors.ts';
import { refusingDeepJson } from './json-depth.ts';

/** Turns zod issues into the field -> messages map of the error shape. */
export function toValidationErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): ValidationErrors {
  const out: ValidationErrors = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_';
    (out[field] ??= []).push(issue.message);
  }
  return out;
}

/**
 * The one validation hook of the API: every `validate()` answers 400 with the error shape,
 * whose message is the first problem found. The middleware carries hono-openapi's resolver of its
 * schema, as the library's own `validator()` does, so the API description lists what it checks
 * (decision 0052); the checking itself stays zod's, through @hono/zod-validator.
 */
export const validate = <T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) => {
  const middleware = zValidator(target, schema, (result) => {
    if (!result.success) {
      const validationErrors = toValidationErrors(result.error.issues);
      const first = result.error.issues[0]?.message ?? 'Invalid input';
      throw new AppError(400, first, { validationErrors });
    }
  });
  // A JSON body is first checked for its depth (decision 0058).
  return Object.assign(target === 'json' ? refusingDeepJson(middleware) : middleware, { [uniqueSymbol]: { target, ...resolver(schema) } });
};
