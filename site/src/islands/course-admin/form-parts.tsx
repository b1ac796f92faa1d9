import type { HTMLAttributes, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { COURSE_REQUIRED_LEVEL_CHOICE_LABELS, COURSE_REQUIRED_LEVEL_CHOICES } from '../../../../worker/src/domain/features.ts';
import FormField from '../../components/FormField.tsx';

/** Building blocks of the course administration forms (react-hook-form fields in a FormField). */

/** The props every create/edit form of the course administration takes from its dialog or page. */
export interface AdminFormProps<Saved> {
  submitLabel?: string;
  onCancel?: () => void;
  onSaved?: (saved: Saved) => void;
}

interface FieldProps {
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  /** What register(name, options) returned for the field. */
  field: UseFormRegisterReturn;
}

/** A one-line text or URL field (a URL field opens the URL keyboard); autocomplete off. */
export function TextField({
  type = 'text',
  inputMode,
  field,
  ...props
}: FieldProps & { type?: 'text' | 'url'; inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'] }) {
  return (
    <FormField {...props}>
      <input type={type} inputMode={inputMode ?? (type === 'url' ? 'url' : undefined)} autoComplete="off" {...field} />
    </FormField>
  );
}

/** A number field stepping by whole numbers. */
export function NumberField({ min, max, field, ...props }: FieldProps & { min?: number; max?: number }) {
  return (
    <FormField {...props}>
      <input type="number" min={min} max={max} step={1} {...field} />
    </FormField>
  );
}

export function TextareaField({ rows, field, ...props }: FieldProps & { rows: number }) {
  return (
    <FormField {...props}>
      <textarea rows={rows} {...field} />
    </FormField>
  );
}

/** A select; its options are `children`, then one per value of `options` with its text from `labels`. */
export function SelectField<V extends string>({
  field,
  options = [],
  labels,
  children,
  ...props
}: FieldProps & { options?: readonly V[]; labels?: Record<V, string>; children?: ReactNode }) {
  return (
    <FormField {...props}>
      <select {...field}>
        {children}
        {options.map((value) => (
          <option key={value} value={value}>
            {labels?.[value] ?? value}
          </option>
        ))}
      </select>
    </FormField>
  );
}

/** A course's Required plan (decision 0031): Everyone, Premium or Royalty. */
export function RequiredPlanField({ field, error }: { field: UseFormRegisterReturn; error?: string }) {
  return (
    <SelectField
      label="Required plan"
      error={error}
      hint="Premium and Royalty courses need that plan to enrol"
      field={field}
      options={COURSE_REQUIRED_LEVEL_CHOICES}
      labels={COURSE_REQUIRED_LEVEL_CHOICE_LABELS}
    />
  );
}

interface FormActionsProps {
  submitLabel: string;
  isSubmitting: boolean;
  /** Disables the submit button besides while submitting. */
  disabled?: boolean;
  /** A Cancel button (disabled while submitting)... */
  onCancel?: () => void;
  /** ...or a Cancel link. */
  cancelHref?: string;
}

/** The footer of a form: Cancel, then the submit button that reads 'Saving...' while submitting. */
export function FormActions({ submitLabel, isSubmitting, disabled, onCancel, cancelHref }: FormActionsProps) {
  return (
    <div className="drx-dialog-actions">
      {cancelHref !== undefined && (
        <a className="btn btn-secondary" href={cancelHref}>
          Cancel
        </a>
      )}
      {onCancel && (
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </button>
      )}
      <button type="submit" className="btn btn-primary" disabled={isSubmitting || disabled}>
        {isSubmitting ? 'Saving...' : submitLabel}
      </button>
    </div>
  );
}
