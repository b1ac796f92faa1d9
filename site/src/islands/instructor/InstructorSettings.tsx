import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { updateProfileSchema, type UpdateProfileInput } from '../../../../worker/src/schemas/auth.ts';
import FormField from '../../components/FormField.tsx';
import type { User } from '../../stores/auth.ts';
import { loaded } from '../../stores/course-admin.ts';
import { $defaultTemplateId, $templates, initDefaultTemplate, loadTemplates, saveProfileBasics, setDefaultTemplate } from '../../stores/instructor.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { applyServerErrors } from '../course-admin/form-utils.ts';
import { CertificatePreview } from '../course-admin/CertificateTemplates.tsx';
import InstructorAccess, { Loading } from './InstructorAccess.tsx';

function ProfileForm({ user }: { user: User }) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<UpdateProfileInput>({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: { first_name: user.first_name ?? '', last_name: user.last_name ?? '', bio: user.bio ?? '' },
  });
  const submit = handleSubmit(async (v) => {
    const values = { first_name: v.first_name ?? '', last_name: v.last_name ?? '', bio: v.bio ?? '' };
    const result = await saveProfileBasics(values);
    if (result.ok) reset(values);
    else applyServerErrors(setError, result.validationErrors, ['first_name', 'last_name', 'bio']);
  });
  return (
    <form className="ca-panel ca-form" noValidate onSubmit={(e) => void submit(e)} aria-labelledby="settings-profile">
      <h2 id="settings-profile" style={{ margin: 0 }}>
        Profile
      </h2>
      <p className="muted" style={{ margin: 0 }}>
        Learners see your name on your courses, your public profile and their certificates.
      </p>
      <div className="ca-form-row">
        <FormField label="First name" error={errors.first_name?.message}>
          <input type="text" autoComplete="given-name" {...register('first_name')} />
        </FormField>
        <FormField label="Last name" error={errors.last_name?.message}>
          <input type="text" autoComplete="family-name" {...register('last_name')} />
        </FormField>
      </div>
      <FormField label="Bio" error={errors.bio?.message} hint="Your teaching background, styles and certifications.">
        <textarea rows={5} {...register('bio')} />
      </FormField>
      <div className="drx-dialog-actions">
        <a className="btn btn-ghost" href={`/instructors/${user.id}`}>
          View public profile
        </a>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting || !isDirty}>
          {isSubmitting ? 'Saving...' : 'Save Profile'}
        </button>
      </div>
    </form>
  );
}

function TemplateChoice() {
  const state = useStore($templates);
  const chosen = useStore($defaultTemplateId);
  const [value, setValue] = useState<string>('');
  useEffect(() => {
    initDefaultTemplate();
    void loadTemplates();
  }, []);
  useEffect(() => setValue(chosen == null ? '' : String(chosen)), [chosen]);
  const list = loaded(state) ?? [];
  const platformDefault = list.find((t) => t.is_default);
  const shown = list.find((t) => String(t.id) === value) ?? platformDefault;
  return (
    <section className="ca-panel ca-stack" aria-labelledby="settings-template">
      <h2 id="settings-template" style={{ margin: 0 }}>
        Default certificate template
      </h2>
      <p className="muted" style={{ margin: 0 }}>
        Preselected when you issue certificates by hand. Certificates issued on completion use the course’s template, else the platform default
        {platformDefault ? ` (“${platformDefault.name}”)` : ''}. <a href="/certificate-templates">Design templates</a>.
      </p>
      {state.status === 'error' && (
        <p className="alert alert-error" role="alert">
          {state.message}
        </p>
      )}
      {state.status === 'loading' && list.length === 0 && <Loading label="Loading templates..." />}
      {state.status === 'ready' && list.length === 0 && (
        <p className="ca-empty">
          No templates yet: certificates use the built-in design. <a href="/certificate-templates">Design your first template</a>.
        </p>
      )}
      {list.length > 0 && (
        <form
          className="ca-inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            setDefaultTemplate(value === '' ? null : Number(value));
          }}
        >
          <div className="field">
            <label htmlFor="settings-template-select">Template</label>
            <select id="settings-template-select" value={value} onChange={(e) => setValue(e.currentTarget.value)}>
              <option value="">Platform default</option>
              {list.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                  {t.is_default ? ' (platform default)' : ''}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn-primary">
            Save Default
          </button>
        </form>
      )}
      {shown && <CertificatePreview values={shown} />}
    </section>
  );
}

/** /instructor/settings: profile basics and the default certificate template. */
function InstructorSettings() {
  return (
    <InstructorAccess>
      {(user) => (
        <div className="ca-stack">
          <ProfileForm key={user.id} user={user} />
          <TemplateChoice />
        </div>
      )}
    </InstructorAccess>
  );
}

export default withErrorBoundary(InstructorSettings);
