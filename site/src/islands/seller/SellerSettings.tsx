import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SELLER_BIO_MIN, sellerSettingsSchema, STORE_NAME_MAX } from '../../../../worker/src/schemas/sellers.ts';
import FileUploader from '../../components/FileUploader.tsx';
import FormField from '../../components/FormField.tsx';
import ImageDisplay from '../../components/ImageDisplay.tsx';
import { DEFAULT_SELLER_IMAGE } from '../../lib/store-images.ts';
import { COURSE_IMAGE_MAX_SIZE_MB, urlOf } from '../../lib/upload.ts';
import { saveStoreSettings, type SellerProfileView } from '../../stores/seller.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { applyServerErrors } from '../course-admin/form-utils.ts';
import SellerArea from './SellerArea.tsx';

type FormInput = z.input<typeof sellerSettingsSchema>;
type FormOutput = z.output<typeof sellerSettingsSchema>;

/** Logos are pictures, kept in their own folder of the public uploads. */
const LOGO_FIELDS = { resource_type: 'image', folder: 'seller-logos' };

function SettingsForm({ profile }: { profile: SellerProfileView }) {
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(sellerSettingsSchema),
    defaultValues: { store_name: profile.store_name, bio: profile.bio, logo_url: profile.logo_url },
  });
  const logo = watch('logo_url');

  const submit = handleSubmit(async (values) => {
    const result = await saveStoreSettings(values);
    if (result.ok) reset({ store_name: values.store_name, bio: values.bio, logo_url: values.logo_url ?? null });
    else applyServerErrors(setError, result.validationErrors, ['store_name', 'bio', 'logo_url']);
  });

  return (
    <form className="ca-panel ca-form sl-application" noValidate onSubmit={(e) => void submit(e)} aria-labelledby="sl-settings-title">
      <h2 id="sl-settings-title">Store profile</h2>
      <p className="muted">Buyers see your store name, logo and bio on your storefront and beside each of your resources.</p>
      <FormField label="Store name" required error={errors.store_name?.message} hint={`At most ${STORE_NAME_MAX} characters; no other store may use it.`}>
        <input type="text" autoComplete="organization" {...register('store_name')} />
      </FormField>
      <FormField label="Bio" required error={errors.bio?.message} hint={`Your teaching background and what you sell (at least ${SELLER_BIO_MIN} characters).`}>
        <textarea rows={6} {...register('bio')} />
      </FormField>
      <fieldset className="ca-fieldset">
        <legend>Logo</legend>
        <div className="sl-store-head">
          <ImageDisplay src={logo ?? null} fallbackSrc={DEFAULT_SELLER_IMAGE} alt={logo ? 'Your store logo' : 'No logo yet: the default seller picture'} width={80} height={80} />
          <div style={{ flex: 1, minWidth: 'min(100%, 16rem)' }}>
            <FileUploader
              accept="image/*"
              fields={LOGO_FIELDS}
              maxSizeMB={COURSE_IMAGE_MAX_SIZE_MB}
              label="Choose logo"
              onUploaded={(results) => {
                const url = urlOf(results[0]?.response);
                if (url) setValue('logo_url', url, { shouldDirty: true, shouldValidate: true });
              }}
            />
            {logo && (
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => setValue('logo_url', null, { shouldDirty: true })}>
                Remove logo
              </button>
            )}
          </div>
        </div>
        {errors.logo_url?.message && <p className="field-error">{errors.logo_url.message}</p>}
        <p className="hint">A square picture works best; it is saved with the form.</p>
      </fieldset>
      <div className="drx-dialog-actions">
        <a className="btn btn-ghost" href={`/sellers/${profile.user_id}`}>
          View storefront
        </a>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting || !isDirty}>
          {isSubmitting ? 'Saving...' : 'Save settings'}
        </button>
      </div>
    </form>
  );
}

/** /seller/settings: the store's name, bio and logo (PATCH /api/sellers/me). */
function SellerSettings() {
  return <SellerArea>{({ profile }) => <SettingsForm key={profile.user_id} profile={profile} />}</SellerArea>;
}

export default withErrorBoundary(SellerSettings);
