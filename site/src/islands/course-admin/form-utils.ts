import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ValidationErrors } from '../../lib/api.ts';

/** The server's field messages (400 validationErrors) shown under the fields they belong to. */
export function applyServerErrors<T extends FieldValues>(setError: UseFormSetError<T>, errors: ValidationErrors | undefined, fields: readonly string[]): void {
  if (!errors) return;
  for (const [field, messages] of Object.entries(errors)) {
    const name = field.split('.')[0]!;
    if (fields.includes(name) && messages[0]) setError(name as Path<T>, { type: 'server', message: messages[0] });
  }
}

/** An empty number field is "not given"; anything else becomes a number (NaN fails validation). */
export function numberOrUndefined(value: unknown): number | undefined {
  if (value === '' || value === null || value === undefined) return undefined;
  return typeof value === 'number' ? value : Number(value);
}

/** The message of a field error of react-hook-form, whatever its nesting. */
export function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const e = error as { message?: unknown; root?: { message?: unknown } };
  if (typeof e.message === 'string' && e.message) return e.message;
  if (e.root && typeof e.root.message === 'string') return e.root.message;
  return undefined;
}
