import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import ModalDialog from '../../components/ModalDialog.tsx';
import ReasonDialog from '../../components/ReasonDialog.tsx';
import { formatCents } from '../../lib/currency.ts';
import {
  $bookingScope,
  $feedRotating,
  $instructorBookings,
  $ownProfile,
  absoluteFeedUrl,
  BOOKING_TABS,
  canDecline,
  copyFeedUrl,
  endBooking,
  loadInstructorBookings,
  loadOwnProfile,
  rotateFeed,
  type BookingScope,
  type BookingView,
} from '../../stores/instructor-bookings.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { ErrorState, LoadingState } from '../admin/AdminStates.tsx';

/** Shown when the signed-in person has no professional profile yet (404 PROFILE_NOT_FOUND). */
export function NoProfile({ what }: { what: string }) {
  return (
    <section className="card admin-panel admin-empty" role="status">
      <h2 className="admin-section-title">Create your professional profile first</h2>
      <p className="muted">You need a Connect &amp; Book profile to {what}.</p>
      <a href="/connect/profile" className="btn btn-primary">
        Create your profile
      </a>
    </section>
  );
}

function zoned(iso: string, timeZone: string, withZone = true): string {
  try {
    return new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
      ...(withZone ? { timeZoneName: 'short' } : {}),
    }).format(new Date(iso));
  } catch {
    return new Date(iso).toISOString();
  }
}

function FeedPanel() {
  const profile = useStore($ownProfile);
  const rotating = useStore($feedRotating);
  const [confirming, setConfirming] = useState(false);
  const id = useId();
  if (profile.status !== 'ready') return null;
  const url = absoluteFeedUrl(profile.data.calendar_feed_url);
  return (
    <section className="card admin-panel" aria-labelledby={`${id}-feed`}>
      <h2 id={`${id}-feed`} className="admin-section-title">
        Calendar feed
      </h2>
      <p className="muted">Subscribe to this private address in Google Calendar, Apple Calendar or Outlook to see your bookings there. Keep it to yourself.</p>
      <div className="ib-feed">
        <label htmlFor={`${id}-url`} className="visually-hidden">
          Your private calendar feed address
        </label>
        <input id={`${id}-url`} className="input" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="btn btn-primary btn-sm" onClick={() => void copyFeedUrl(url)}>
          Copy
        </button>
        <button type="button" className="btn btn-secondary btn-sm" disabled={rotating} onClick={() => setConfirming(true)}>
          Rotate
        </button>
      </div>
      {confirming && (
        <ModalDialog open role="alertdialog" onOpenChange={(open) => !open && setConfirming(false)} title="Make a new feed address?" description="The current address stops working at once: calendars subscribed to it stop updating until you subscribe to the new one." busy={rotating}>
          <div className="drx-dialog-actions">
            <button type="button" className="btn btn-secondary" onClick={() => setConfirming(false)} disabled={rotating}>
              Keep this address
            </button>
            <button
              type="button"
              className="btn btn-danger"
              disabled={rotating}
              onClick={async () => {
                if (await rotateFeed()) setConfirming(false);
              }}
            >
              {rotating ? 'Working...' : 'Make a new address'}
            </button>
          </div>
        </ModalDialog>
      )}
    </section>
  );
}

function EndDialog({ booking, action, onClose }: { booking: BookingView; action: 'decline' | 'cancel'; onClose: () => void }) {
  const verb = action === 'decline' ? 'Decline' : 'Cancel';
  const refund = booking.paid_with === 'package' ? 'their package credit comes back' : booking.price_cents > 0 ? `they are refunded in full (${formatCents(booking.price_cents)})` : 'nothing was paid';
  return (
    <ReasonDialog
      title={`${verb} ${booking.booker.name}'s booking?`}
      description={`${booking.title}, ${zoned(booking.starts_at, booking.instructor_time_zone)}. ${booking.booker.name} is told by email and ${refund}.`}
      label="Reason (the booker sees it)"
      requiredMessage="Tell the booker why"
      inputClass="ib-reason"
      keepLabel="Keep booking"
      confirmLabel={`${verb} and refund`}
      busyLabel="Working..."
      onConfirm={(reason) => endBooking(booking, action, reason)}
      onClose={onClose}
    />
  );
}

function BookingCard({ booking, onEnd }: { booking: BookingView; onEnd: (action: 'decline' | 'cancel') => void }) {
  const b = booking;
  const otherZone = b.booker_time_zone !== b.instructor_time_zone;
  const future = canDecline(b);
  return (
    <li className="card ib-booking">
      <div className="ib-booking-head">
        <h3 className="ib-booking-title">{b.booker.name}</h3>
        <span className={b.status === 'confirmed' && !b.completed ? 'badge badge-success' : b.status === 'held' || b.status === 'offered' ? 'badge badge-warning' : b.completed ? 'badge badge-primary' : 'badge badge-danger'}>
          {b.status_label}
        </span>
      </div>
      <dl className="ib-facts">
        <div>
          <dt>Lesson</dt>
          <dd>
            {b.title} · {b.mode === 'online' ? 'Online' : 'In person'}
          </dd>
        </div>
        <div>
          <dt>When</dt>
          <dd>
            {zoned(b.starts_at, b.instructor_time_zone)}
            {otherZone && <span className="admin-sub">Booker&apos;s time: {zoned(b.starts_at, b.booker_time_zone)}</span>}
          </dd>
        </div>
        <div>
          <dt>Paid</dt>
          <dd>{b.paid_with === 'package' ? 'Package credit' : b.paid_with === 'free' ? 'Free' : formatCents(b.price_cents)}</dd>
        </div>
        {b.note && (
          <div className="ib-note">
            <dt>Note</dt>
            <dd>{b.note}</dd>
          </div>
        )}
        {b.cancel_reason && (
          <div className="ib-note">
            <dt>Reason</dt>
            <dd>{b.cancel_reason}</dd>
          </div>
        )}
      </dl>
      {future && (
        <div className="connect-actions">
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => onEnd('decline')} aria-label={`Decline ${b.booker.name}'s booking ${b.number}`}>
            Decline
          </button>
          {b.status === 'confirmed' && (
            <button type="button" className="btn btn-danger btn-sm" onClick={() => onEnd('cancel')} aria-label={`Cancel ${b.booker.name}'s booking ${b.number}`}>
              Cancel
            </button>
          )}
        </div>
      )}
    </li>
  );
}

function Tabs({ scope }: { scope: BookingScope }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKey = (event: KeyboardEvent, index: number) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    const next = (index + delta + BOOKING_TABS.length) % BOOKING_TABS.length;
    refs.current[next]?.focus();
    void loadInstructorBookings(BOOKING_TABS[next]!.scope);
  };
  return (
    <div role="tablist" aria-label="Bookings" className="ib-tabs">
      {BOOKING_TABS.map((tab, i) => (
        <button
          key={tab.scope}
          ref={(el) => {
            refs.current[i] = el;
          }}
          id={`ib-tab-${tab.scope}`}
          type="button"
          role="tab"
          aria-selected={scope === tab.scope}
          aria-controls="ib-panel"
          tabIndex={scope === tab.scope ? 0 : -1}
          className={scope === tab.scope ? 'btn btn-primary btn-sm' : 'btn btn-secondary btn-sm'}
          onClick={() => void loadInstructorBookings(tab.scope)}
          onKeyDown={(e) => onKey(e, i)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

function InstructorBookings() {
  const scope = useStore($bookingScope);
  const list = useStore($instructorBookings);
  const profile = useStore($ownProfile);
  const [ending, setEnding] = useState<{ booking: BookingView; action: 'decline' | 'cancel' } | null>(null);

  useEffect(() => {
    void loadOwnProfile();
    void loadInstructorBookings('upcoming');
  }, []);

  if (profile.status === 'no-profile' || list.status === 'no-profile') return <NoProfile what="take bookings" />;
  const empty = scope === 'upcoming' ? 'No upcoming bookings.' : scope === 'past' ? 'No past bookings yet.' : 'No cancelled or declined bookings.';

  return (
    <div className="admin-stack">
      <Tabs scope={scope} />
      <div id="ib-panel" role="tabpanel" aria-labelledby={`ib-tab-${scope}`}>
        {list.status === 'error' && <ErrorState message={list.message} onRetry={() => void loadInstructorBookings()} />}
        {(list.status === 'loading' || list.status === 'idle') && <LoadingState label="Loading your bookings..." />}
        {list.status === 'ready' &&
          (list.data.length === 0 ? (
            <p className="admin-empty card admin-panel">{empty}</p>
          ) : (
            <ul className="ib-list">
              {list.data.map((b) => (
                <BookingCard key={b.id} booking={b} onEnd={(action) => setEnding({ booking: b, action })} />
              ))}
            </ul>
          ))}
      </div>
      <FeedPanel />
      <p className="muted">
        <a href="/instructor/availability">Set your hours</a> · <a href="/connect/profile">Edit your profile</a> · <a href="/seller/payments">Payouts</a>
      </p>
      {ending && <EndDialog booking={ending.booking} action={ending.action} onClose={() => setEnding(null)} />}
    </div>
  );
}

export default withErrorBoundary(InstructorBookings);
