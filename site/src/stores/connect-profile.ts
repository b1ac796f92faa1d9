import { atom } from 'nanostores';
import type { AvailabilityView, DanceStyleView, LessonTypeView, OwnProfileView, PackageView, ZipPlace } from '../../../shared/bookings/views.ts';
import type { LessonTypeInput, PackageInput, ProfileInput } from '../../../shared/connect/profile-schemas.ts';
import type { PublicSiteSettings } from '../../../shared/settings-mail.ts';
import { ApiError } from '../lib/api.ts';
import { api, call as send, keyOf, type KeyAnswer } from '../lib/api-client.ts';
import { changeMessage, loadMessage, type ChangeResult } from './admin-store.ts';
import { refreshUser } from './auth.ts';
import { bind, invalidate, read, setCached, startingWith, toLoadable, type Loadable } from './query.ts';
import { toast } from './toasts.ts';

/**
 * A person's own professional profile (decision 0032): the editor at
 * /connect/profile and the status shown on /connect/get-booked. Islands read these stores and
 * call these actions; every change reads the profile again (its `missing` list moves with it).
 */

export type { AvailabilityView, DanceStyleView, LessonTypeView, OwnProfileView, PackageView, ZipPlace };

export const connectProfileKeys = {
  profile: keyOf(api.connect.profile),
  styles: keyOf(api['dance-styles']),
  availability: keyOf(api.instructor.availability),
  zip: (zip: string) => keyOf(api['zipcode-lookup'][':zip'], { param: { zip } }),
} as const;

/** GET /api/connect/profile: ready with null when the person has none yet (404). */
export const $ownProfile = atom<Loadable<OwnProfileView | null>>({ status: 'idle' });

export async function loadOwnProfile(): Promise<void> {
  await bind<KeyAnswer<typeof connectProfileKeys.profile>, Loadable<OwnProfileView | null>>($ownProfile, connectProfileKeys.profile, (value) => {
    if (value.error instanceof ApiError && value.error.status === 404 && !value.loading) return { status: 'ready', data: null };
    return toLoadable(value, (profile) => profile, (error) => loadMessage(error, 'your professional profile'));
  });
}

/**
 * The booking rules a new profile starts with (the admin's booking policy defaults, from
 * GET /api/site-settings); null when they could not be read (the form's own then).
 */
export const $bookingDefaults = atom<Loadable<PublicSiteSettings['booking_defaults'] | null>>({ status: 'idle' });

export async function loadBookingDefaults(): Promise<void> {
  if ($bookingDefaults.get().status !== 'idle') return;
  $bookingDefaults.set({ status: 'loading' });
  try {
    const key = keyOf(api['site-settings']);
    const settings: PublicSiteSettings = await read<KeyAnswer<typeof key>>(key);
    $bookingDefaults.set({ status: 'ready', data: settings.booking_defaults });
  } catch {
    $bookingDefaults.set({ status: 'ready', data: null });
  }
}

/** GET /api/dance-styles: the styles a profile may name. */
export const $danceStyles = atom<Loadable<DanceStyleView[]>>({ status: 'idle' });

export async function loadDanceStyles(): Promise<void> {
  await bind<KeyAnswer<typeof connectProfileKeys.styles>, Loadable<DanceStyleView[]>>($danceStyles, connectProfileKeys.styles, (value) =>
    toLoadable(value, (styles) => styles, (error) => loadMessage(error, 'the dance styles')),
  );
}

/** GET /api/instructor/availability: the weekly hours the editor sums up. */
export const $ownAvailability = atom<Loadable<AvailabilityView | null>>({ status: 'idle' });

export async function loadOwnAvailability(): Promise<void> {
  await bind<KeyAnswer<typeof connectProfileKeys.availability>, Loadable<AvailabilityView | null>>($ownAvailability, connectProfileKeys.availability, (value) => {
    if (value.error instanceof ApiError && value.error.status === 404 && !value.loading) return { status: 'ready', data: null };
    return toLoadable(value, (a) => a, (error) => loadMessage(error, 'your weekly hours'));
  });
}

/** GET /api/zipcode-lookup/{zip}: the place of a 5-digit code, null when unknown; throws on other failures. */
export async function lookupZipPlace(zip: string): Promise<ZipPlace | null> {
  try {
    const key = connectProfileKeys.zip(zip);
    const place: ZipPlace = await read<KeyAnswer<typeof key>>(key);
    return place;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** Everything a profile change moves: the own profile, the hours summary, and the directory's public reads. */
function profileWritten(): void {
  invalidate(startingWith(connectProfileKeys.profile, connectProfileKeys.availability, '/api/connect/instructors'));
}

async function change<T>(call: () => Promise<T>, done: string, failed: string): Promise<ChangeResult & { data?: T }> {
  try {
    const data = await call();
    profileWritten();
    toast({ title: 'Success', description: done });
    return { ok: true, data };
  } catch (error) {
    const message = changeMessage(error);
    toast({ title: 'Error', description: `Failed to ${failed}: ${message}`, variant: 'destructive' });
    return { ok: false, message, validationErrors: error instanceof ApiError ? error.validationErrors : undefined };
  }
}

/** PUT /api/connect/profile: creates or saves the profile. */
export async function saveOwnProfile(input: ProfileInput): Promise<ChangeResult> {
  const result = await change(() => send(api.connect.profile.$put({ json: input })), 'Your profile was saved.', 'save your profile');
  if (result.ok && result.data) setCached(connectProfileKeys.profile, result.data);
  return result;
}

/** POST /api/connect/profile/publish: into the directory; the new roles come with it, so the user is read again. */
export async function publishOwnProfile(): Promise<ChangeResult> {
  const result = await change(() => send(api.connect.profile.publish.$post()), 'Your profile is published in the directory.', 'publish your profile');
  if (result.ok && result.data) {
    setCached(connectProfileKeys.profile, result.data);
    void refreshUser().catch(() => undefined);
  }
  return result;
}

/** POST /api/connect/profile/unpublish: back to a draft. */
export async function unpublishOwnProfile(): Promise<ChangeResult> {
  const result = await change(() => send(api.connect.profile.unpublish.$post()), 'Your profile is no longer in the directory.', 'unpublish your profile');
  if (result.ok && result.data) setCached(connectProfileKeys.profile, result.data);
  return result;
}

export function saveLessonType(input: LessonTypeInput, id?: number): Promise<ChangeResult> {
  return id === undefined
    ? change(() => send(api.connect.profile['lesson-types'].$post({ json: input })), 'The lesson type was added.', 'add the lesson type')
    : change(() => send(api.connect.profile['lesson-types'][':id'].$patch({ param: { id: String(id) }, json: input })), 'The lesson type was saved.', 'save the lesson type');
}

/** DELETE: a type with bookings is deactivated instead, and the toast says so. */
export async function removeLessonType(id: number): Promise<ChangeResult> {
  try {
    const answer = await send(api.connect.profile['lesson-types'][':id'].$delete({ param: { id: String(id) } }));
    profileWritten();
    toast({ title: 'Success', description: answer.deleted ? 'The lesson type was removed.' : 'The lesson type has bookings, so it was deactivated instead of removed.' });
    return { ok: true };
  } catch (error) {
    const message = changeMessage(error);
    toast({ title: 'Error', description: `Failed to remove the lesson type: ${message}`, variant: 'destructive' });
    return { ok: false, message };
  }
}

export function savePackage(input: PackageInput, id?: number): Promise<ChangeResult> {
  return id === undefined
    ? change(() => send(api.connect.profile.packages.$post({ json: input })), 'The package was added.', 'add the package')
    : change(() => send(api.connect.profile.packages[':id'].$patch({ param: { id: String(id) }, json: input })), 'The package was saved.', 'save the package');
}

export async function removePackage(id: number): Promise<ChangeResult> {
  try {
    const answer = await send(api.connect.profile.packages[':id'].$delete({ param: { id: String(id) } }));
    profileWritten();
    toast({ title: 'Success', description: answer.deleted ? 'The package was removed.' : 'The package was bought before, so it was deactivated instead of removed.' });
    return { ok: true };
  } catch (error) {
    const message = changeMessage(error);
    toast({ title: 'Error', description: `Failed to remove the package: ${message}`, variant: 'destructive' });
    return { ok: false, message };
  }
}
