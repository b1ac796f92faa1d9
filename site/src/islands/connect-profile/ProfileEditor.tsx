import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { LANGUAGES } from '../../../../worker/src/domain/bookings.ts';
import { FEATURES } from '../../../../worker/src/domain/features.ts';
import { AGE_GROUPS, RESOURCE_LEVELS } from '../../../../worker/src/domain/store.ts';
import { BIO_MAX, HEADLINE_MAX, profileSchema, STYLES_MAX } from '../../../../shared/connect/profile-schemas.ts';
import FeatureGate, { passesGate } from '../../components/FeatureGate.tsx';
import FileUploader from '../../components/FileUploader.tsx';
import FormField from '../../components/FormField.tsx';
import { COURSE_IMAGE_MAX_SIZE_MB, urlOf } from '../../lib/upload.ts';
import { $auth } from '../../stores/auth.ts';
import {
  $danceStyles,
  $ownProfile,
  $bookingDefaults,
  loadBookingDefaults,
  loadDanceStyles,
  loadOwnProfile,
  lookupZipPlace,
  saveOwnProfile,
  type DanceStyleView,
  type OwnProfileView,
  type ZipPlace,
} from '../../stores/connect-profile.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import OffersSection from './OffersSection.tsx';
import { FIELD_OF_INPUT, formOf, inputOf, timeZoneChoices, type BookingDefaults, type ProfileForm } from './profile-form.ts';
import PublishPanel from './PublishPanel.tsx';
import './connect-profile.css';

type Errors = Partial<Record<keyof ProfileForm, string>>;

const PHOTO_FIELDS = { resource_type: 'image', folder: 'instructor-photos' };
const VIDEO_FIELDS = { resource_type: 'video', folder: 'instructor-videos' };

/** The schema's first message per field, named as the form names them. */
function errorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[] | Record<string, string[]> | undefined): Errors {
  const out: Errors = {};
  if (!issues) return out;
  const entries = Array.isArray(issues)
    ? issues.map((i) => [String(i.path[0] ?? '_'), i.message] as const)
    : Object.entries(issues).map(([field, messages]) => [field.split('.')[0]!, messages[0] ?? ''] as const);
  for (const [field, message] of entries) {
    const name = (FIELD_OF_INPUT[field] ?? field) as keyof ProfileForm;
    out[name] ??= message;
  }
  return out;
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="cp-section panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {hint && <p className="muted cp-section-hint">{hint}</p>}
      {children}
    </section>
  );
}

/** A set of checkboxes for a list of names (levels, age groups, languages, styles). */
function CheckList<T extends string | number>({
  legend,
  options,
  selected,
  onChange,
  error,
  max,
}: {
  legend: string;
  options: readonly { value: T; label: string }[];
  selected: readonly T[];
  onChange: (next: T[]) => void;
  error?: string;
  max?: number;
}) {
  const errorId = useId();
  return (
    <fieldset className="cp-checks" aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      <div className="cp-check-grid">
        {options.map((o) => {
          const on = selected.includes(o.value);
          return (
            <label key={String(o.value)} className="check">
              <input
                type="checkbox"
                checked={on}
                disabled={!on && max !== undefined && selected.length >= max}
                onChange={(e) => onChange(e.target.checked ? [...selected, o.value] : selected.filter((v) => v !== o.value))}
              />
              {o.label}
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The ZIP code's place as the visitor types it: "New York, NY", or why not. */
function useZipPlace(zip: string): { place: ZipPlace | null; state: 'idle' | 'looking' | 'found' | 'unknown' | 'failed' } {
  const [result, setResult] = useState<{ zip: string; place: ZipPlace | null; failed: boolean } | null>(null);
  useEffect(() => {
    if (!/^\d{5}$/.test(zip)) return;
    let live = true;
    const timer = setTimeout(() => {
      lookupZipPlace(zip)
        .then((place) => live && setResult({ zip, place, failed: false }))
        .catch(() => live && setResult({ zip, place: null, failed: true }));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [zip]);
  if (!/^\d{5}$/.test(zip)) return { place: null, state: 'idle' };
  if (!result || result.zip !== zip) return { place: null, state: 'looking' };
  if (result.failed) return { place: null, state: 'failed' };
  return result.place ? { place: result.place, state: 'found' } : { place: null, state: 'unknown' };
}

function ProfileFormSections({ profile, styles, defaults }: { profile: OwnProfileView | null; styles: DanceStyleView[]; defaults: BookingDefaults | null }) {
  const auth = useStore($auth);
  const [form, setForm] = useState<ProfileForm>(() => formOf(profile, defaults));
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const zip = useZipPlace(form.offers_in_person ? form.zip.trim() : '');
  const zones = useMemo(() => timeZoneChoices(form.time_zone), [form.time_zone]);
  const premiumAllowed = auth.status !== 'loading' && passesGate(auth.user, FEATURES.premium_directory_listing.level);
  const set = <K extends keyof ProfileForm>(key: K, value: ProfileForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  // A style hidden since the profile named it stays listed for it (decision 0032).
  const styleOptions = styles.map((s) => ({ value: s.id, label: s.name }));
  for (const id of profile?.style_ids ?? []) if (!styles.some((s) => s.id === id)) styleOptions.push({ value: id, label: `Style ${id} (hidden)` });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const input = inputOf(form);
    const parsed = profileSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    setSaving(true);
    const result = await saveOwnProfile(input);
    setSaving(false);
    if (!result.ok) setErrors(errorsOf(result.validationErrors));
  };

  return (
    <form className="cp-form" noValidate onSubmit={(e) => void submit(e)} aria-label="Professional profile">
      <Section title="About" hint="What students read first on your public page and in the directory.">
        <FormField label="Headline" error={errors.headline} hint={`One line about what you teach (at most ${HEADLINE_MAX} characters).`}>
          <input type="text" value={form.headline} maxLength={HEADLINE_MAX} onChange={(e) => set('headline', e.target.value)} />
        </FormField>
        <FormField label="Bio" error={errors.bio} hint={`Your training, experience and how you teach (at most ${BIO_MAX} characters).`}>
          <textarea rows={6} value={form.bio} onChange={(e) => set('bio', e.target.value)} />
        </FormField>
        <div className="cp-media">
          <div className="field">
            <span className="label">Photo</span>
            {form.photo_url ? <img className="cp-photo" src={form.photo_url} alt="Your profile photo" width={96} height={96} /> : <p className="muted">No photo yet.</p>}
            <FileUploader
              accept="image/*"
              fields={PHOTO_FIELDS}
              maxSizeMB={COURSE_IMAGE_MAX_SIZE_MB}
              label="Choose photo"
              onUploaded={(results) => {
                const url = urlOf(results[0]?.response);
                if (url) set('photo_url', url);
              }}
            />
            {form.photo_url && (
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => set('photo_url', '')}>
                Remove photo
              </button>
            )}
            {errors.photo_url && <p className="field-error">{errors.photo_url}</p>}
          </div>
          <div className="field">
            <FormField label="Video link" error={errors.video_url} hint="An https link to a short introduction, or upload a video file.">
              <input type="url" inputMode="url" value={form.video_url} onChange={(e) => set('video_url', e.target.value)} placeholder="https://" />
            </FormField>
            <FileUploader
              accept="video/*"
              fields={VIDEO_FIELDS}
              label="Upload video"
              onUploaded={(results) => {
                const url = urlOf(results[0]?.response);
                if (url) set('video_url', url);
              }}
            />
          </div>
        </div>
      </Section>

      <Section title="What you teach">
        <CheckList legend={`Dance styles (up to ${STYLES_MAX})`} options={styleOptions} selected={form.style_ids} onChange={(v) => set('style_ids', v)} error={errors.style_ids} max={STYLES_MAX} />
        <CheckList legend="Levels" options={RESOURCE_LEVELS.map((l) => ({ value: l as string, label: l }))} selected={form.levels} onChange={(v) => set('levels', v)} error={errors.levels} />
        <CheckList legend="Age groups" options={AGE_GROUPS.map((a) => ({ value: a as string, label: a }))} selected={form.age_groups} onChange={(v) => set('age_groups', v)} error={errors.age_groups} />
        <CheckList legend="Languages" options={LANGUAGES.map((l) => ({ value: l as string, label: l }))} selected={form.languages} onChange={(v) => set('languages', v)} error={errors.languages} />
      </Section>

      <Section title="Where you teach" hint="Online, in person, or both.">
        <label className="check">
          <input type="checkbox" checked={form.offers_online} onChange={(e) => set('offers_online', e.target.checked)} />
          I teach online
        </label>
        {form.offers_online && (
          <FormField label="Meeting link" error={errors.meeting_url} hint="The https video-call link confirmed students join by.">
            <input type="url" inputMode="url" value={form.meeting_url} onChange={(e) => set('meeting_url', e.target.value)} placeholder="https://" />
          </FormField>
        )}
        <label className="check">
          <input type="checkbox" checked={form.offers_in_person} onChange={(e) => set('offers_in_person', e.target.checked)} />
          I teach in person
        </label>
        {form.offers_in_person && (
          <div className="form-row">
            <div className="field">
              <FormField label="ZIP code" error={errors.zip} hint="The US ZIP code you teach from.">
                <input type="text" inputMode="numeric" autoComplete="postal-code" maxLength={5} value={form.zip} onChange={(e) => set('zip', e.target.value.replace(/\D/g, ''))} />
              </FormField>
              <p className="cp-zip" role="status" aria-live="polite">
                {zip.state === 'found' && zip.place && `${zip.place.city}, ${zip.place.state}`}
                {zip.state === 'looking' && 'Looking up…'}
                {zip.state === 'unknown' && 'ZIP code not found'}
                {zip.state === 'failed' && 'The ZIP code could not be checked right now.'}
              </p>
            </div>
            <FormField label="Travel radius (miles)" error={errors.travel_radius_miles} hint="How far you travel to students; 0 if they come to you.">
              <input type="number" min={0} max={500} step={1} value={form.travel_radius_miles} onChange={(e) => set('travel_radius_miles', e.target.value)} />
            </FormField>
          </div>
        )}
        {errors.offers_online && <p className="field-error">{errors.offers_online}</p>}
      </Section>

      <Section title="Time zone" hint="Your weekly hours are kept in this zone; students see times in their own.">
        <FormField label="Time zone" error={errors.time_zone}>
          <select value={form.time_zone} onChange={(e) => set('time_zone', e.target.value)}>
            {zones.map((z) => (
              <option key={z} value={z}>
                {z.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        </FormField>
      </Section>

      <Section title="Booking rules">
        <div className="form-row">
          <FormField label="Minimum notice (hours)" error={errors.notice_hours} hint="How soon before a lesson it can still be booked.">
            <input type="number" min={0} max={336} step={1} value={form.notice_hours} onChange={(e) => set('notice_hours', e.target.value)} />
          </FormField>
          <FormField label="Booking horizon (days)" error={errors.horizon_days} hint="How far ahead students can book.">
            <input type="number" min={1} max={365} step={1} value={form.horizon_days} onChange={(e) => set('horizon_days', e.target.value)} />
          </FormField>
          <FormField label="Buffer between lessons (minutes)" error={errors.buffer_minutes}>
            <input type="number" min={0} max={240} step={5} value={form.buffer_minutes} onChange={(e) => set('buffer_minutes', e.target.value)} />
          </FormField>
          <FormField label="Free cancellation until (hours before)" error={errors.cancellation_hours} hint="Later cancellations by students are not refunded.">
            <input type="number" min={0} max={720} step={1} value={form.cancellation_hours} onChange={(e) => set('cancellation_hours', e.target.value)} />
          </FormField>
        </div>
      </Section>

      <Section title="Premium listing" hint="Premium listings show first in the directory, with a badge.">
        <label className="check">
          <input
            type="checkbox"
            checked={form.premium_listing}
            disabled={!premiumAllowed && !profile?.premium_listing}
            onChange={(e) => set('premium_listing', e.target.checked)}
          />
          Show my profile as a premium listing
        </label>
        {profile?.premium_listing && !profile.premium_active && <p className="hint">Your plan no longer includes the premium listing, so it is not shown.</p>}
        {!premiumAllowed && <FeatureGate feature="premium_directory_listing" />}
      </Section>

      <div className="cp-save">
        {Object.keys(errors).length > 0 && (
          <p className="field-error" role="alert">
            Please correct the highlighted fields.
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? 'Saving...' : profile ? 'Save profile' : 'Create profile'}
        </button>
      </div>
    </form>
  );
}

/** /connect/profile: the professional profile's editor (decision 0032). */
function ProfileEditor() {
  const profile = useStore($ownProfile);
  const styles = useStore($danceStyles);
  const defaults = useStore($bookingDefaults);
  useEffect(() => {
    void loadOwnProfile();
    void loadDanceStyles();
    void loadBookingDefaults();
  }, []);

  if (profile.status === 'error') return <p className="alert alert-error">{profile.message}</p>;
  if (styles.status === 'error') return <p className="alert alert-error">{styles.message}</p>;
  if (!('data' in profile) || profile.data === undefined || !('data' in styles) || !styles.data) return <p className="loading">Loading your profile…</p>;
  const own = profile.data;
  // A new profile's form starts from the admin's booking policy defaults.
  if (!own && defaults.status !== 'ready') return <p className="loading">Loading your profile…</p>;
  return (
    <div className="cp-editor">
      {own && <PublishPanel profile={own} />}
      {/* Keyed by the saved profile's creation, so a first save keeps what was typed. */}
      <ProfileFormSections key={own ? 'saved' : 'new'} profile={own} styles={styles.data} defaults={defaults.status === 'ready' ? defaults.data : null} />
      {own ? (
        <OffersSection profile={own} />
      ) : (
        <p className="panel muted">Create your profile first; then add your lesson types, packages and weekly hours here.</p>
      )}
    </div>
  );
}

export default withErrorBoundary(ProfileEditor);
