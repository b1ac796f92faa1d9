import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { SellerRole } from '../../../../shared/store/views.ts';
import { APPLICATION_NOTE_MAX, SELLER_BIO_MIN, sellerApplicationSchema, STORE_NAME_MAX } from '../../../../worker/src/schemas/sellers.ts';
import FileUploader from '../../components/FileUploader.tsx';
import FormField from '../../components/FormField.tsx';
import { urlOf } from '../../lib/upload.ts';
import { applyToSell, type SellerProfileView } from '../../stores/seller.ts';
import { applyServerErrors } from '../course-admin/form-utils.ts';

type FormInput = z.input<typeof sellerApplicationSchema>;
type FormOutput = z.output<typeof sellerApplicationSchema>;

/** The roles an application may ask for, in the order offered. */
const SELLER_ROLES = ['SELLER', 'CURRICULUM_SELLER'] as const satisfies readonly SellerRole[];

const ROLE_TEXT: Record<SellerRole, { title: string; text: string }> = {
  SELLER: { title: 'SELLER', text: 'Sell single resources: lesson plans, music lists, class outlines.' },
  CURRICULUM_SELLER: { title: 'CURRICULUM_SELLER', text: 'Sell whole curricula and syllabi, and reach the curriculum area of the platform.' },
};

/** Samples go to their own folder of the public uploads. */
const SAMPLE_FIELDS = { folder: 'seller-samples' };

const FIELDS = ['store_name', 'bio', 'sample_url', 'application_note', 'requested_role'] as const;

/**
 * The application to sell: store name, bio, a sample (a link, or a file uploaded with
 * the shared upload widget), a note and the role asked for → POST /api/sellers/apply. A rejected
 * applicant's form starts from their last answers.
 */
export default function SellerApplication({ previous, onCancel }: { previous?: SellerProfileView | null; onCancel?: () => void }) {
  const [sampleName, setSampleName] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(sellerApplicationSchema),
    defaultValues: {
      store_name: previous?.store_name ?? '',
      bio: previous?.bio ?? '',
      sample_url: previous?.sample_url ?? '',
      application_note: previous?.application_note ?? '',
      requested_role: previous?.requested_role ?? 'SELLER',
    },
  });
  const sample = watch('sample_url');

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    const result = await applyToSell(values);
    if (!result.ok) {
      applyServerErrors(setError, result.validationErrors, FIELDS);
      if (!result.validationErrors) setProblem(result.message);
    }
  });

  return (
    <form className="ca-panel ca-form sl-application" noValidate onSubmit={(e) => void submit(e)} aria-labelledby="sl-apply-title">
      <h2 id="sl-apply-title">Apply to sell</h2>
      <p className="muted">A curriculum admin reads every application. Tell buyers who you are; a sample of your work helps the review.</p>
      <FormField label="Store name" required error={errors.store_name?.message} hint={`What buyers see on your resources and storefront (at most ${STORE_NAME_MAX} characters).`}>
        <input type="text" autoComplete="organization" {...register('store_name')} />
      </FormField>
      <FormField label="Bio" required error={errors.bio?.message} hint={`Your teaching background and what you sell (at least ${SELLER_BIO_MIN} characters).`}>
        <textarea rows={5} {...register('bio')} />
      </FormField>

      <fieldset className="ca-fieldset">
        <legend>Sample of your work (optional)</legend>
        <FormField label="Sample link" error={errors.sample_url?.message} hint="A web link (https://...) to a lesson plan or a video of your class, or upload a file below.">
          <input type="url" inputMode="url" placeholder="https://" {...register('sample_url')} />
        </FormField>
        <div className="field">
          <span className="sl-label" id="sl-sample-upload">
            Or upload a sample file
          </span>
          <FileUploader
            fields={SAMPLE_FIELDS}
            label="Choose sample file"
            onUploaded={(results) => {
              const first = results[0];
              const url = urlOf(first?.response);
              if (!first || !url) return;
              setValue('sample_url', url, { shouldDirty: true, shouldValidate: true });
              setSampleName(first.originalName || url);
            }}
          />
          {sampleName && sample && !/^https?:/i.test(sample) && <p className="text-sm">Sample attached: {sampleName}</p>}
        </div>
      </fieldset>

      <FormField label="Note to the reviewer (optional)" error={errors.application_note?.message} hint={`Anything the reviewer should know (at most ${APPLICATION_NOTE_MAX} characters).`}>
        <textarea rows={3} {...register('application_note')} />
      </FormField>

      <fieldset className="ca-fieldset" aria-describedby={errors.requested_role ? 'sl-role-error' : undefined}>
        <legend>What do you want to sell?</legend>
        {SELLER_ROLES.map((role) => (
          <label key={role} className="sl-choice">
            <input type="radio" value={role} {...register('requested_role')} />
            <span>
              <strong>{ROLE_TEXT[role].title}</strong>
              <span className="sl-choice-text">{ROLE_TEXT[role].text}</span>
            </span>
          </label>
        ))}
        {errors.requested_role?.message && (
          <p id="sl-role-error" className="field-error">
            {errors.requested_role.message}
          </p>
        )}
      </fieldset>

      {problem && (
        <p className="alert alert-error" role="alert">
          {problem}
        </p>
      )}
      <div className="drx-dialog-actions">
        {onCancel && (
          <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </button>
        )}
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send application'}
        </button>
      </div>
    </form>
  );
}
