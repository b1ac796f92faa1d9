import FormField from '../FormField.tsx';

/**
 * A labelled amount in dollars as an admin types it (a plan's price, a refund): the short decimal
 * input of the commerce forms inside FormField, which ties its label, hint and error to it.
 */
export function DollarsField({
  label,
  value,
  onChange,
  error,
  hint,
  required,
  placeholder,
  readOnly,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  required?: boolean;
  placeholder?: string;
  readOnly?: boolean;
}) {
  return (
    <FormField label={label} error={error} hint={hint} required={required}>
      <input
        className="input commerce-amount"
        inputMode="decimal"
        autoComplete="off"
        placeholder={placeholder}
        value={value}
        readOnly={readOnly}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    </FormField>
  );
}
