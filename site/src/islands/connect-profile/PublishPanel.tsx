import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $ownAvailability, loadOwnAvailability, publishOwnProfile, unpublishOwnProfile, type OwnProfileView } from '../../stores/connect-profile.ts';
import { weeklySummary } from './profile-form.ts';

/** The checklist's items, in PROFILE_INCOMPLETE's order, as the panel names them. */
const CHECKLIST: { item: string; label: string }[] = [
  { item: 'headline', label: 'A headline' },
  { item: 'bio', label: 'A bio' },
  { item: 'a style', label: 'At least one dance style' },
  { item: 'a lesson type', label: 'At least one active lesson type' },
  { item: 'weekly hours', label: 'Your weekly hours' },
  { item: 'online or a ZIP code', label: 'Where you teach: online, or in person with a ZIP code' },
];

const STATUS_LABELS: Record<OwnProfileView['status'], string> = { draft: 'Draft', published: 'Published', suspended: 'Suspended' };

/** The profile's status, what publishing still needs, Publish / Unpublish, and the weekly hours summary. */
export default function PublishPanel({ profile }: { profile: OwnProfileView }) {
  const availability = useStore($ownAvailability);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void loadOwnAvailability();
  }, []);
  const weekly = 'data' in availability && availability.data ? availability.data.weekly : null;
  const act = async (call: () => Promise<unknown>) => {
    setBusy(true);
    await call();
    setBusy(false);
  };

  return (
    <section className="cp-publish panel" aria-labelledby="cp-publish-title">
      <div className="cp-publish-head">
        <h2 id="cp-publish-title">Your profile</h2>
        <span className={`badge ${profile.status === 'published' ? 'badge-success' : profile.status === 'suspended' ? 'badge-danger' : 'badge-warning'}`}>{STATUS_LABELS[profile.status]}</span>
      </div>
      {profile.status === 'suspended' && (
        <p className="alert alert-error">
          Your profile is suspended{profile.suspended_reason ? `: ${profile.suspended_reason}` : '.'} Contact us to find out more.
        </p>
      )}
      <h3 className="cp-subtitle">Before you publish</h3>
      <ul className="cp-checklist">
        {CHECKLIST.map(({ item, label }) => {
          const done = !profile.missing.includes(item);
          return (
            <li key={item} className={done ? 'cp-done' : 'cp-todo'}>
              <span aria-hidden="true">{done ? '✓' : '○'}</span> {label}
              <span className="visually-hidden">{done ? ' (done)' : ' (missing)'}</span>
            </li>
          );
        })}
      </ul>

      <div className="cp-hours">
        <h3 className="cp-subtitle">Weekly hours</h3>
        {weekly === null ? (
          <p className="muted">Loading your hours…</p>
        ) : weekly.length === 0 ? (
          <p className="muted">No weekly hours yet.</p>
        ) : (
          <ul className="cp-hours-list">
            {weeklySummary(weekly).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
        <p className="hint">In your time zone, {profile.time_zone.replace(/_/g, ' ')}.</p>
        <a className="btn btn-secondary btn-sm" href="/instructor/availability">
          Set weekly hours
        </a>
      </div>

      <div className="cp-publish-actions">
        {profile.status === 'published' ? (
          <>
            <a className="btn btn-secondary" href={`/instructors/${profile.id}`}>
              View your public page
            </a>
            <a className="btn btn-secondary" href="/seller/payments">
              Payouts
            </a>
            <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => void act(unpublishOwnProfile)}>
              Unpublish
            </button>
          </>
        ) : (
          <button type="button" className="btn btn-primary" disabled={busy || profile.status === 'suspended' || profile.missing.length > 0} onClick={() => void act(publishOwnProfile)}>
            Publish profile
          </button>
        )}
      </div>
      {profile.status === 'draft' && profile.missing.length > 0 && <p className="hint">Complete the list above to publish your profile in the directory.</p>}
    </section>
  );
}
