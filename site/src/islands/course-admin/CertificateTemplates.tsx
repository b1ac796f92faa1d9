import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useForm } from 'react-hook-form';
import { DEFAULT_TEMPLATE, PLACEHOLDERS, renderTemplateHtml, renderTemplateText, SAMPLE_VALUES } from '../../../../worker/src/domain/certificates.ts';
import { roleList } from '../../../../worker/src/domain/roles.ts';
import { createTemplateSchema, type CreateTemplateInput } from '../../../../worker/src/schemas/learning.ts';
import FormField from '../../components/FormField.tsx';
import { $auth, loadUser } from '../../stores/auth.ts';
import { $templateList, $templateSelection, canDesignTemplates, deleteTemplate, loadTemplateList, saveTemplate, selectTemplate, type TemplateInput } from '../../stores/certificates-admin.ts';
import { type TemplateListItem } from '../../../../shared/certificate-templates.ts';
import { loaded } from '../../stores/course-admin.ts';
import { ConfirmDialog } from '../admin/AdminStates.tsx';
import { useHydrated } from '../../components/use-hydrated.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import AccessDenied from './AccessDenied.tsx';
import { applyServerErrors } from './form-utils.ts';
import '../../styles/course-admin.css';

const FIELDS = ['name', 'title', 'body', 'primary_color', 'accent_color', 'signatory_name', 'signatory_title'] as const;

const BLANK: TemplateInput = {
  name: '',
  title: DEFAULT_TEMPLATE.title,
  body: DEFAULT_TEMPLATE.body,
  primary_color: DEFAULT_TEMPLATE.primaryColor,
  accent_color: DEFAULT_TEMPLATE.accentColor,
  signatory_name: '',
  signatory_title: '',
};

function inputOf(t: TemplateListItem): TemplateInput {
  return {
    name: t.name,
    title: t.title,
    body: t.body,
    primary_color: t.primary_color,
    accent_color: t.accent_color,
    signatory_name: t.signatory_name,
    signatory_title: t.signatory_title,
  };
}

/** What the certificate looks like with sample values, updated while typing. */
export function CertificatePreview({ values }: { values: Partial<TemplateInput> }) {
  const style = { '--cert-primary': values.primary_color || DEFAULT_TEMPLATE.primaryColor, '--cert-accent': values.accent_color || DEFAULT_TEMPLATE.accentColor } as CSSProperties;
  return (
    <figure className="ca-certificate-preview" style={style} aria-label="Live preview of the certificate">
      <h3>{renderTemplateText(values.title ?? '', SAMPLE_VALUES)}</h3>
      <hr className="ca-certificate-rule" />
      {/* renderTemplateHtml escapes the wording and every value. */}
      <div dangerouslySetInnerHTML={{ __html: renderTemplateHtml(values.body ?? '', SAMPLE_VALUES) }} />
      {(values.signatory_name || values.signatory_title) && (
        <div className="ca-certificate-signatory">
          <strong>{values.signatory_name}</strong>
          <br />
          <span className="text-sm">{values.signatory_title}</span>
        </div>
      )}
    </figure>
  );
}

function TemplateEditor({ template, initial }: { template: TemplateListItem | null; initial: TemplateInput }) {
  const readOnly = template != null && !template.can_edit;
  const [confirmDelete, setConfirmDelete] = useState(false);
  const body = useRef<HTMLTextAreaElement | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreateTemplateInput>({ resolver: zodResolver(createTemplateSchema), defaultValues: initial });
  const values = watch();
  const bodyField = register('body');

  function insertPlaceholder(name: string) {
    const el = body.current;
    const text = getValues('body') ?? '';
    const token = `{${name}}`;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    setValue('body', text.slice(0, start) + token + text.slice(end), { shouldDirty: true });
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  }

  const submit = handleSubmit(async (v) => {
    const result = await saveTemplate(template?.id ?? null, {
      name: v.name,
      title: v.title,
      body: v.body,
      primary_color: v.primary_color ?? DEFAULT_TEMPLATE.primaryColor,
      accent_color: v.accent_color ?? DEFAULT_TEMPLATE.accentColor,
      signatory_name: v.signatory_name ?? '',
      signatory_title: v.signatory_title ?? '',
    });
    if (!result.ok) applyServerErrors(setError, result.validationErrors, FIELDS);
  });

  return (
    <div className="ca-template-layout">
      <form className="ca-panel ca-form" noValidate onSubmit={(e) => void submit(e)} aria-label={template ? `Edit ${template.name}` : 'New template'}>
        {readOnly && (
          <p className="alert alert-info">
            Only its author or an admin can change this template. Duplicate it to make your own version.
          </p>
        )}
        <fieldset disabled={readOnly} className="ca-form" style={{ border: 0, padding: 0, margin: 0 }}>
          <FormField label="Template name" error={errors.name?.message} required>
            <input type="text" autoComplete="off" {...register('name')} />
          </FormField>
          <FormField label="Certificate title" error={errors.title?.message} required>
            <input type="text" autoComplete="off" {...register('title')} />
          </FormField>
          <FormField label="Wording" error={errors.body?.message} required hint="Blank lines start a new paragraph.">
            <textarea
              rows={7}
              {...bodyField}
              ref={(el) => {
                bodyField.ref(el);
                body.current = el;
              }}
            />
          </FormField>
          <div className="cluster" role="group" aria-label="Insert a placeholder">
            <span className="text-sm muted">Insert:</span>
            {PLACEHOLDERS.map((p) => (
              <button key={p} type="button" className="btn btn-ghost btn-sm" onClick={() => insertPlaceholder(p)}>
                {`{${p}}`}
              </button>
            ))}
          </div>
          <div className="ca-form-row">
            <FormField label="Primary colour" error={errors.primary_color?.message}>
              <input type="color" {...register('primary_color')} />
            </FormField>
            <FormField label="Accent colour" error={errors.accent_color?.message}>
              <input type="color" {...register('accent_color')} />
            </FormField>
          </div>
          <div className="ca-form-row">
            <FormField label="Signatory name" error={errors.signatory_name?.message}>
              <input type="text" autoComplete="off" {...register('signatory_name')} />
            </FormField>
            <FormField label="Signatory title" error={errors.signatory_title?.message}>
              <input type="text" autoComplete="off" {...register('signatory_title')} />
            </FormField>
          </div>
        </fieldset>
        <div className="drx-dialog-actions">
          {template && (
            <button type="button" className="btn btn-secondary" onClick={() => selectTemplate('new')}>
              Duplicate
            </button>
          )}
          {template && !readOnly && !template.is_default && (
            <button type="button" className="btn btn-danger" onClick={() => setConfirmDelete(true)}>
              Delete
            </button>
          )}
          {!readOnly && (
            <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : template ? 'Save Template' : 'Create Template'}
            </button>
          )}
        </div>
      </form>
      <section aria-labelledby="template-preview-title" className="ca-stack">
        <h2 id="template-preview-title" style={{ margin: 0 }}>
          Live preview
        </h2>
        <p className="muted text-sm" style={{ margin: 0 }}>
          With sample values: {SAMPLE_VALUES.learner}, {SAMPLE_VALUES.course}.
        </p>
        <CertificatePreview values={values as Partial<TemplateInput>} />
      </section>
      {confirmDelete && template && (
        <ConfirmDialog
          open
          onOpenChange={setConfirmDelete}
          title="Delete Template"
          description={`Are you sure you want to delete the template “${template.name}”? Courses using it fall back to the default. This action cannot be undone.`}
          confirmLabel="Delete"
          destructive
          onConfirm={() => deleteTemplate(template.id)}
        />
      )}
    </div>
  );
}

/** /certificate-templates: instructors and admins design the templates certificates are issued with. */
function CertificateTemplates() {
  const auth = useStore($auth, { ssr: 'initial' });
  const hydrated = useHydrated();
  const state = useStore($templateList);
  const selection = useStore($templateSelection);
  const [duplicateFrom, setDuplicateFrom] = useState<TemplateInput | null>(null);
  const user = auth.status === 'ready' ? auth.user : null;
  const allowed = !!user && canDesignTemplates(roleList(user.role));

  useEffect(() => {
    void loadUser().catch(() => undefined);
  }, []);
  useEffect(() => {
    if (allowed) void loadTemplateList();
  }, [allowed]);

  const list = loaded(state) ?? [];
  const current = typeof selection === 'number' ? (list.find((t) => t.id === selection) ?? null) : null;

  // Remember what to duplicate when 'Duplicate' switches to a new template.
  const lastTemplate = useRef<TemplateListItem | null>(null);
  useEffect(() => {
    if (selection === 'new') setDuplicateFrom(lastTemplate.current ? { ...inputOf(lastTemplate.current), name: `${lastTemplate.current.name} (copy)` } : null);
    lastTemplate.current = current;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selection]);

  if (!hydrated || auth.status === 'loading') {
    return (
      <p className="loading" role="status">
        <span className="spinner" aria-hidden="true" />
        Loading templates...
      </p>
    );
  }
  if (!allowed) return <AccessDenied message="Only instructors and admins can design certificate templates." />;

  return (
    <div className="ca-stack">
      <div className="ca-toolbar">
        <div className="field" style={{ minWidth: '16rem' }}>
          <label htmlFor="template-select">Template</label>
          <select
            id="template-select"
            value={selection === null ? '' : String(selection)}
            onChange={(e) => selectTemplate(e.currentTarget.value === 'new' ? 'new' : Number(e.currentTarget.value))}
          >
            {list.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
                {t.is_default ? ' (default)' : ''}
              </option>
            ))}
            <option value="new">New template…</option>
          </select>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => selectTemplate('new')}>
          New Template
        </button>
      </div>
      {state.status === 'error' && (
        <p className="alert alert-error" role="alert">
          {state.message}
        </p>
      )}
      {state.status === 'loading' && list.length === 0 && (
        <p className="loading" role="status">
          <span className="spinner" aria-hidden="true" />
          Loading templates...
        </p>
      )}
      {selection === 'new' && <TemplateEditor key={`new-${duplicateFrom?.name ?? ''}`} template={null} initial={duplicateFrom ?? BLANK} />}
      {current && <TemplateEditor key={`${current.id}-${current.updated_at}`} template={current} initial={inputOf(current)} />}
    </div>
  );
}

export default withErrorBoundary(CertificateTemplates);
