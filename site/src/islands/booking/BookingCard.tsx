import { bookerWhen } from '../../lib/booking-time.ts';
import { formatCents } from '../../lib/currency.ts';
import { timeLeft } from '../../lib/time-left.ts';
import { downloadIcs, refundLine, statusTone, type BookingView } from '../../stores/bookings.ts';

export type BookingAction = 'cancel' | 'reschedule' | 'review';

/** One booking of My Bookings: when (in my zone, the instructor's beside), its status and what I can do. */
export default function BookingCard({ booking, zone, busy, now, onAction }: { booking: BookingView; zone: string; busy: boolean; now: number; onAction: (action: BookingAction) => void }) {
  const headingId = `booking-${booking.id}-title`;
  const tone = statusTone(booking);
  const refund = refundLine(booking);
  const left = booking.status === 'held' || booking.status === 'offered' ? timeLeft(booking.hold_expires_at, now) : null;
  const label = booking.completed ? 'Completed' : booking.status_label;
  return (
    <li>
      <article className="panel booking-card" aria-labelledby={headingId}>
        <header className="booking-card-head">
          <div>
            <h3 id={headingId}>{booking.title}</h3>
            <p className="booking-meta">
              with <a href={`/instructors/${booking.instructor.id}`}>{booking.instructor.name}</a> · {booking.number}
            </p>
          </div>
          <span className={tone === 'neutral' ? 'badge' : `badge badge-${tone}`}>{label}</span>
        </header>
        <p className="booking-when">
          <time dateTime={booking.starts_at}>{bookerWhen(booking.starts_at, zone, booking.instructor_time_zone)}</time>
        </p>
        <p className="booking-meta">
          {Math.round((Date.parse(booking.ends_at) - Date.parse(booking.starts_at)) / 60_000)} min · {booking.mode === 'online' ? 'Online' : `In person${booking.location ? ` · ${booking.location}` : ''}`} ·{' '}
          {booking.paid_with === 'package' ? 'Package credit' : booking.paid_with === 'free' ? 'Free' : formatCents(booking.price_cents)}
        </p>
        {refund && <p className="booking-meta booking-refund">{refund}</p>}
        {booking.paid_with === 'package' && booking.status === 'cancelled' && booking.refund_cents === 0 && booking.credit_returns_if_cancelled && <p className="booking-meta">Package credit returned</p>}
        {booking.cancel_reason && (booking.status === 'cancelled' || booking.status === 'declined') && (
          <p className="booking-meta">
            {booking.status === 'declined' ? 'Declined' : 'Cancelled'}
            {booking.cancelled_by ? ` by ${booking.cancelled_by}` : ''}: {booking.cancel_reason}
          </p>
        )}
        {booking.status === 'held' && left && <p className="booking-meta">Awaiting payment · {left}</p>}
        <div className="booking-actions">
          {booking.status === 'held' && booking.checkout_url && (
            <a className="btn btn-primary btn-sm" href={booking.checkout_url} aria-label={`Complete payment: ${booking.title}`}>
              Complete payment
            </a>
          )}
          {booking.join_url && booking.status === 'confirmed' && !booking.completed && (
            <a className="btn btn-primary btn-sm" href={booking.join_url} target="_blank" rel="noopener noreferrer" aria-label={`Join lesson: ${booking.title} (opens in a new tab)`}>
              Join lesson
            </a>
          )}
          {booking.status === 'confirmed' && (
            <button type="button" className="btn btn-secondary btn-sm" disabled={busy} onClick={() => void downloadIcs(booking)} aria-label={`Add to calendar (.ics): ${booking.title}`}>
              Add to calendar (.ics)
            </button>
          )}
          {booking.can_reschedule && (
            <button type="button" className="btn btn-secondary btn-sm" disabled={busy} onClick={() => onAction('reschedule')} aria-label={`Reschedule: ${booking.title}`}>
              Reschedule
            </button>
          )}
          {booking.can_cancel && (
            <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => onAction('cancel')} aria-label={`Cancel: ${booking.title}`}>
              Cancel
            </button>
          )}
          {booking.can_review && (
            <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => onAction('review')} aria-label={`Review: ${booking.title}`}>
              Review
            </button>
          )}
          {booking.review && <span className="booking-meta">Your review: {'★'.repeat(booking.review.rating)}</span>}
        </div>
      </article>
    </li>
  );
}
