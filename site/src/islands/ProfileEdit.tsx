import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { updateProfileSchema, type UpdateProfileInput } from '../../../worker/src/schemas/auth.ts';
import Avatar from '../components/Avatar.tsx';
import FileUploader from '../components/FileUploader.tsx';
import FormField from '../components/FormField.tsx';
import { useHydrated } from '../components/use-hydrated.ts';
import { ApiError, apiFetch, describeError } from '../lib/api.ts';
import { $user, refreshUser, type User } from '../stores/auth.ts';
import { toast } from '../stores/toasts.ts';
import { withErrorBoundary } from './ErrorBoundary.tsx';

const PROFILE_UPLOAD_ENDPOINT = '/api/upload/profile';

/** /profile/edit: names, bio and profile picture of the signed-in user. */
function ProfileEdit() {
  const user = useStore($user, { ssr: 'initial' });
  const hydrated = useHydrated();
  if (!hydrated || !user) return <p className="loading">Loading your profile...</p>;
  return (
    <div className="stack">
      <header className="page-header">
        <h1>Edit Profile</h1>
        <p>What other members see on your public profile.</p>
      </header>
      <PictureSection user={user} />
      <DetailsForm user={user} />
    </div>
  );
}

function PictureSection({ user }: { user: User }) {
  const [removing, setRemoving] = useState(false);

  async function removePicture() {
    setRemoving(true);
    try {
      await apiFetch('/api/me', { method: 'PATCH', json: { profile_image_url: null } });
      await refreshUser();
      toast({ title: 'Profile picture removed' });
    } catch (err) {
      toast({ title: 'Error', description: describeError(err).title, variant: 'destructive' });
    } finally {
      setRemoving(false);
    }
  }

  return (
    <section className="card" aria-labelledby="picture-heading">
      <div className="card-body">
        <h2 id="picture-heading" className="card-title">
          Profile picture
        </h2>
        <div className="cluster" style={{ alignItems: 'flex-start', gap: 'var(--space-5)' }}>
          <Avatar person={user} size="lg" />
          <div style={{ flex: 1, minWidth: '16rem' }}>
            <p className="muted text-sm">A square JPEG, PNG, GIF or WebP image works best. It uploads as soon as you choose it.</p>
            <FileUploader
              endpoint={PROFILE_UPLOAD_ENDPOINT}
              accept="image/*"
              label="Choose image"
              onUploaded={() => toast({ title: 'Profile picture updated', description: 'Your new picture is now shown on your profile.' })}
            />
            {user.profile_image_url && (
              <button type="button" className="btn btn-ghost btn-sm" disabled={removing} onClick={() => void removePicture()}>
                {removing ? 'Removing...' : 'Remove picture'}
              </button>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

type DetailsValues = Pick<UpdateProfileInput, 'first_name' | 'last_name' | 'bio'>;
const detailsSchema = updateProfileSchema.pick({ first_name: true, last_name: true, bio: true });

function DetailsForm({ user }: { user: User }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
    reset,
  } = useForm<DetailsValues>({
    resolver: zodResolver(detailsSchema),
    defaultValues: { first_name: user.first_name, last_name: user.last_name, bio: user.bio },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const updated = await apiFetch<User>('/api/me', { method: 'PATCH', json: values });
      reset({ first_name: updated.first_name, last_name: updated.last_name, bio: updated.bio });
      await refreshUser();
      toast({ title: 'Profile updated', description: 'Your changes have been saved.' });
    } catch (err) {
      if (err instanceof ApiError && err.validationErrors) {
        for (const [field, messages] of Object.entries(err.validationErrors)) {
          if (field in values) setError(field as keyof DetailsValues, { message: messages[0] });
        }
      }
      const { title, message } = describeError(err);
      toast({ title, description: message, variant: 'destructive' });
    }
  });

  return (
    <section className="card" aria-labelledby="details-heading">
      <div className="card-body">
        <h2 id="details-heading" className="card-title">
          Your details
        </h2>
        <form className="form" noValidate onSubmit={onSubmit} aria-labelledby="details-heading">
          <div className="form-row">
            <FormField label="First name" error={errors.first_name?.message}>
              <input type="text" autoComplete="given-name" {...register('first_name')} />
            </FormField>
            <FormField label="Last name" error={errors.last_name?.message}>
              <input type="text" autoComplete="family-name" {...register('last_name')} />
            </FormField>
          </div>
          <FormField label="Bio" error={errors.bio?.message} hint="Your teaching, styles and the ages you work with. Up to 2000 characters.">
            <textarea rows={6} {...register('bio')} />
          </FormField>
          <div className="cluster">
            <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : 'Save Changes'}
            </button>
            <a className="btn btn-ghost" href="/profile">
              {isDirty ? 'Cancel' : 'Back to profile'}
            </a>
          </div>
        </form>
      </div>
    </section>
  );
}

export default withErrorBoundary(ProfileEdit);
