import { bookerWhen, formatDateTime } from '../../lib/booking-time.ts';
import { timeLeft } from '../../lib/time-left.ts';
import { acceptOffer, leaveWaitlist, type PackagePurchaseView, type WaitlistView } from '../../stores/bookings.ts';

/** The Waitlist tab: my places in line, and offered places to accept before they expire. */
export function WaitlistList({ entries, zone, busy, now }: { entries: WaitlistView[]; zone: string; busy: ReadonlySet<number>; now: number }) {
  if (entries.length === 0) return <p className="panel center">You are not on any waitlist. Full group classes offer “Full — join waitlist” when you book.</p>;
  return (
    <ul className="booking-list" aria-label="My waitlist places">
      {entries.map((entry) => {
        return (
          <li key={entry.id} className="panel booking-card">
            <div className="booking-card-head">
              <div>
                <h3>{entry.title}</h3>
                <p className="booking-meta">with {entry.instructor.name}</p>
              </div>
              <span className={entry.status === 'offered' ? 'badge badge-warning' : 'badge'}>{entry.status === 'offered' ? 'Place offered' : entry.position ? `#${entry.position} in line` : 'Waiting'}</span>
            </div>
            <p className="booking-when">
              <time dateTime={entry.starts_at}>{bookerWhen(entry.starts_at, zone, entry.instructor_time_zone)}</time>
            </p>
            {entry.status === 'offered' && entry.offer_expires_at && (
              <p className="booking-meta">
                Accept by {formatDateTime(entry.offer_expires_at, zone)} · {timeLeft(entry.offer_expires_at, now)}
              </p>
            )}
            <div className="booking-actions">
              {entry.status === 'offered' && (
                <button type="button" className="btn btn-primary btn-sm" disabled={busy.has(entry.id)} onClick={() => void acceptOffer(entry)} aria-label={`Accept: ${entry.title}`}>
                  Accept
                </button>
              )}
              {(entry.status === 'waiting' || entry.status === 'offered') && (
                <button type="button" className="btn btn-ghost btn-sm" disabled={busy.has(entry.id)} onClick={() => void leaveWaitlist(entry)} aria-label={`Leave the waitlist: ${entry.title}`}>
                  Leave waitlist
                </button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The Packages tab: lesson packages bought, credits left, and where to book with them. */
export function PackageList({ packages }: { packages: PackagePurchaseView[] }) {
  if (packages.length === 0) return <p className="panel center">You have no lesson packages. Instructors who offer them list them when you book.</p>;
  return (
    <ul className="booking-list" aria-label="My lesson packages">
      {packages.map((p) => (
        <li key={p.id} className="panel booking-card">
          <div className="booking-card-head">
            <div>
              <h3>{p.title}</h3>
              <p className="booking-meta">
                {p.lesson_type_title} with {p.instructor.name}
                {p.order_number ? ` · Order ${p.order_number}` : ''}
              </p>
            </div>
            <span className={p.status === 'active' ? 'badge badge-success' : 'badge'}>{p.status === 'active' ? 'Active' : 'Refunded'}</span>
          </div>
          <p className="booking-when">
            {p.credits_left} of {p.credits_total} lesson{p.credits_total === 1 ? '' : 's'} left
          </p>
          {p.status === 'active' && p.credits_left > 0 && (
            <div className="booking-actions">
              <a className="btn btn-primary btn-sm" href={`/connect/book/${p.instructor.id}`} aria-label={`Book with a credit: ${p.title}`}>
                Book with a credit
              </a>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
