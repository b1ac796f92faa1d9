import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import type { SettingSection } from '../../../../worker/src/domain/settings.ts';
import { $settings, formValueOf, loadSettings, parseSection, saveSection, sendTestEmail, type FormValue } from '../../stores/admin-settings.ts';
import { type MailTransportView } from '../../../../shared/settings-mail.ts';
import { type SettingFieldView, type SettingSectionView } from '../../../../shared/settings.ts';
import type { ValidationErrors } from '../../lib/api.ts';
import { ErrorState, formatDateTime, LoadingState } from './AdminStates.tsx';

/**
 * One section of the platform's settings at /admin/settings: a form of its fields
 * from the settings catalogue, saved on its own; Mail also shows how mail leaves and sends a test.
 * Not an island itself: AdminSettings renders one per section.
 */

let requested = false;
function useSettingsPage() {
  const state = useStore($settings);
  useEffect(() => {
    if (!requested) {
      requested = true;
      void loadSettings();
    }
  }, []);
  return state;
}

function Field({ field, value, error, onChange }: { field: SettingFieldView; value: FormValue; error?: string; onChange: (value: FormValue) => void }) {
  const id = `setting-${field.key}`;
  const describedBy = `${id}-hint${error ? ` ${id}-error` : ''}`;
  const errorLine = error ? (
    <p id={`${id}-error`} className="field-error">
      {error}
    </p>
  ) : null;
  if (field.kind === 'boolean') {
    const on = value === true;
    return (
      <div className="field settings-switch">
        <label className="check" htmlFor={id}>
          <input id={id} type="checkbox" role="switch" checked={on} aria-describedby={describedBy} onChange={(e) => onChange(e.currentTarget.checked)} />
          <span>{field.label}</span>
          <span className={on ? 'badge badge-success' : 'badge'} aria-hidden="true">
            {on ? 'On' : 'Off'}
          </span>
        </label>
        <span id={`${id}-hint`} className="hint">
          {field.hint}
        </span>
        {errorLine}
      </div>
    );
  }
  const common = {
    id,
    value: String(value),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  } as const;
  return (
    <div className="field">
      <label htmlFor={id}>{field.label}</label>
      {field.kind === 'textarea' ? (
        <textarea {...common} rows={3} onChange={(e) => onChange(e.currentTarget.value)} />
      ) : (
        <input
          {...common}
          type={field.kind === 'integer' ? 'number' : field.kind}
          inputMode={field.kind === 'integer' ? 'numeric' : undefined}
          min={field.min}
          max={field.max}
          step={field.kind === 'integer' ? 1 : undefined}
          autoComplete="off"
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      )}
      <span id={`${id}-hint`} className="hint">
        {field.hint}
        {field.kind === 'integer' && field.min !== undefined && field.max !== undefined ? ` From ${field.min} to ${field.max}.` : ''}
      </span>
      {errorLine}
    </div>
  );
}

/** How mail leaves this server, in a sentence. */
function transportWords(mail: MailTransportView): string {
  if (mail.transport === 'http') return `${mail.http_provider ?? 'A mail provider'}'s HTTP API at ${mail.http_host ?? 'its default address'}`;
  if (mail.transport === 'smtp') return `SMTP at ${mail.smtp_host ?? 'an unreadable address'}${mail.delivers_here ? '' : ' (this runtime cannot send: emails wait in the outbox)'}`;
  return 'No mail transport configured: emails stay in the outbox (/admin/messages)';
}

function MailTransport({ mail }: { mail: MailTransportView }) {
  const [sending, setSending] = useState(false);
  return (
    <div className="settings-mail-facts stack">
      <dl className="settings-facts">
        <div>
          <dt>Transport</dt>
          <dd>{transportWords(mail)}</dd>
        </div>
        <div>
          <dt>{mail.transport === 'http' ? 'API key' : 'SMTP credentials'}</dt>
          <dd>{mail.transport === 'http' ? 'Set in the environment (MAIL_API_KEY), not shown' : mail.transport === 'smtp' ? 'Set in the environment (SMTP_URL), not shown' : 'Not set (SMTP_URL or MAIL_HTTP_PROVIDER)'}</dd>
        </div>
        <div>
          <dt>Emails are sent from</dt>
          <dd className="store-break">{mail.from}</dd>
        </div>
        <div>
          <dt>Replies go to</dt>
          <dd className="store-break">{mail.reply_to ?? 'The sender'}</dd>
        </div>
      </dl>
      <div className="cluster">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={sending}
          onClick={() => {
            setSending(true);
            void sendTestEmail().finally(() => setSending(false));
          }}
        >
          {sending ? 'Sending...' : 'Send test email'}
        </button>
        <span className="hint">Sent to your own email address through the outbox, with the saved sender.</span>
      </div>
    </div>
  );
}

function SectionForm({ section, mail }: { section: SettingSectionView; mail: MailTransportView | null }) {
  const formId = useId();
  const [values, setValues] = useState<Record<string, FormValue>>({});
  const [errors, setErrors] = useState<ValidationErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const current = (field: SettingFieldView) => values[field.key] ?? formValueOf(field);
  const lastChanged = section.fields.map((f) => f.updated_at).filter((v): v is string => !!v).sort().at(-1);

  async function save() {
    const parsed = parseSection(section.fields, values);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      setFormError('Please correct the fields marked below.');
      return;
    }
    setErrors({});
    setFormError(null);
    setSaving(true);
    try {
      const result = await saveSection(section, parsed.values);
      if (result.ok) setValues({});
      else {
        setErrors(result.validationErrors ?? {});
        setFormError(result.message);
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="stack">
      <p className="muted">{section.description}</p>
      <form
        className="stack settings-form"
        noValidate
        aria-label={`${section.title} settings`}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {formError && (
          <p className="field-error" role="alert" id={`${formId}-error`}>
            {formError}
          </p>
        )}
        <div className={section.key === 'features' ? 'stack' : 'settings-fields'}>
          {section.fields.map((field) => (
            <Field
              key={field.key}
              field={field}
              value={current(field)}
              error={errors[field.key]?.[0]}
              onChange={(value) => {
                setValues((v) => ({ ...v, [field.key]: value }));
                setErrors(({ [field.key]: _dropped, ...rest }) => rest);
              }}
            />
          ))}
        </div>
        <div className="cluster">
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving...' : `Save ${section.title.toLowerCase()}`}
          </button>
          <p className="muted">{lastChanged ? `Last changed ${formatDateTime(lastChanged)}` : 'All at their defaults.'}</p>
        </div>
      </form>
      {section.key === 'mail' && mail && <MailTransport mail={mail} />}
    </div>
  );
}

/** The section `section` of the settings page, once GET /api/admin/settings answered. */
export function PlatformSettingsSection({ section }: { section: Exclude<SettingSection, 'store'> }) {
  const state = useSettingsPage();
  const data = state.status === 'ready' || state.status === 'loading' ? state.data : undefined;
  if (state.status === 'error') return <ErrorState message={state.message} onRetry={() => void loadSettings()} />;
  if (!data) return <LoadingState label="Loading settings..." />;
  const view = data.sections.find((s) => s.key === section);
  if (!view) return null;
  return <SectionForm section={view} mail={data.mail_transport} />;
}
