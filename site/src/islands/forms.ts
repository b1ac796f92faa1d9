import type { ZodType } from 'zod';
import type { ValidationErrors } from '../lib/api.ts';

/**
 * Enhances a server-rendered form (fields from components/Field.astro): validation by the shared
 * zod schema, loaded on the first submit so that it costs a public page nothing up front; field
 * messages tied to their controls; an alert with a title; a busy submit button.
 */
export interface EnhancedForm<T> {
  form: HTMLFormElement;
  /** Shows a message under each named field (the first of each), focusing the first one. */
  showFieldErrors(errors: Record<string, string | undefined>): void;
  showAlert(title: string, message: string): void;
  clearAlert(): void;
  reset(): void;
  /** The validated values, or null after showing the schema's messages. */
  validate(): Promise<T | null>;
}

type Loader<T> = () => Promise<ZodType<T, unknown>>;

function controls(form: HTMLFormElement): (HTMLInputElement | HTMLTextAreaElement)[] {
  return Array.from(form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[name], textarea[name]'));
}

function setFieldError(control: HTMLInputElement | HTMLTextAreaElement, message: string | undefined): void {
  const error = document.getElementById(`${control.id}-error`);
  if (!error) return;
  const described = (control.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id && id !== error.id);
  error.textContent = message ?? '';
  error.hidden = !message;
  if (message) {
    control.setAttribute('aria-invalid', 'true');
    described.push(error.id);
  } else {
    control.removeAttribute('aria-invalid');
  }
  if (described.length) control.setAttribute('aria-describedby', described.join(' '));
  else control.removeAttribute('aria-describedby');
}

export function enhanceForm<T>(
  form: HTMLFormElement,
  loadSchema: Loader<T>,
  /** Resolves true when the page is leaving, so the button stays busy. */
  onValid: (values: T, ui: EnhancedForm<T>) => Promise<boolean | void>,
): EnhancedForm<T> {
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const alert = form.querySelector<HTMLElement>('[data-form-alert]');
  const idleLabel = submit?.textContent ?? '';

  const ui: EnhancedForm<T> = {
    form,
    showFieldErrors(errors) {
      let first: HTMLElement | null = null;
      for (const control of controls(form)) {
        const message = errors[control.name];
        setFieldError(control, message);
        if (message && !first) first = control;
      }
      first?.focus();
    },
    showAlert(title, message) {
      if (!alert) return;
      alert.querySelector('.alert-title')!.textContent = title;
      alert.querySelector('.alert-message')!.textContent = message;
      alert.hidden = false;
    },
    clearAlert() {
      if (alert) alert.hidden = true;
    },
    reset() {
      form.reset();
      for (const control of controls(form)) setFieldError(control, undefined);
      ui.clearAlert();
    },
    async validate() {
      const values: Record<string, string> = {};
      for (const control of controls(form)) values[control.name] = control.value;
      const schema = await loadSchema();
      const result = schema.safeParse(values);
      if (result.success) {
        ui.showFieldErrors({});
        return result.data;
      }
      const errors: Record<string, string> = {};
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? '');
        errors[field] ??= issue.message;
      }
      ui.showFieldErrors(errors);
      return null;
    },
  };

  form.addEventListener('input', (e) => {
    const control = e.target as HTMLInputElement;
    if (control.getAttribute('aria-invalid') === 'true') setFieldError(control, undefined);
  });

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (submit?.disabled) return;
    ui.clearAlert();
    if (submit) {
      submit.disabled = true;
      submit.textContent = submit.dataset.busyLabel ?? idleLabel;
    }
    let leaving = false;
    try {
      const values = await ui.validate();
      if (values) leaving = (await onValid(values, ui)) === true;
    } catch {
      ui.showAlert('Something went wrong', 'Please check your connection and try again.');
    } finally {
      if (submit && !leaving) {
        submit.disabled = false;
        submit.textContent = idleLabel;
      }
    }
  });

  // Server-rendered submit buttons stay disabled until this script owns the form.
  if (submit) submit.disabled = false;
  return ui;
}

/** The first message of each field of an API validation error. */
export function firstMessages(errors: ValidationErrors | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors ?? {})) if (messages[0]) out[field] = messages[0];
  return out;
}
