import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import FormField from './FormField.tsx';

type NameForm = { name: string };

/**
 * The inline form of a category's name (course categories and resource categories): creates
 * (empties itself after success) or renames (with Cancel), checked with the API's own schema, and
 * shows the server's message for the name (a taken name's 409, for one).
 */
export function CategoryNameForm({
  initial,
  label,
  submitLabel,
  schema,
  maxLength,
  className,
  onSubmit,
  onCancel,
}: {
  initial: string;
  label: string;
  submitLabel: string;
  /** The API's rule for the name. */
  schema: z.ZodType<NameForm, NameForm>;
  maxLength: number;
  className: string;
  onSubmit: (name: string) => Promise<{ ok: boolean; validationErrors?: Record<string, string[]> }>;
  onCancel?: () => void;
}) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NameForm>({ resolver: zodResolver(schema), defaultValues: { name: initial } });
  const submit = handleSubmit(async ({ name }) => {
    const result = await onSubmit(name);
    if (result.ok) reset({ name: onCancel ? name : '' });
    else if (result.validationErrors?.name?.[0]) setError('name', { type: 'server', message: result.validationErrors.name[0] });
  });
  return (
    <form className={className} noValidate onSubmit={(e) => void submit(e)}>
      <FormField label={label} error={errors.name?.message}>
        <input type="text" autoComplete="off" maxLength={maxLength} {...register('name')} />
      </FormField>
      <div className="cluster">
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
