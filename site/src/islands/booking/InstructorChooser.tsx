import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatCents } from '../../lib/currency.ts';
import { $chooser, loadChooser } from '../../stores/booking-flow.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { Loading } from '../learning-parts.tsx';
import './booking.css';

/** /connect/book: a compact list of the published instructors, each leading to its booking flow. */
function InstructorChooser() {
  const state = useStore($chooser);
  useEffect(() => {
    void loadChooser();
  }, []);

  if (state.status === 'idle' || (state.status === 'loading' && !state.data)) return <Loading text="Loading instructors..." />;
  if (state.status === 'error') {
    return (
      <div className="alert alert-error" role="alert">
        <p className="alert-title">{state.message}</p>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => void loadChooser()}>
          Try again
        </button>
      </div>
    );
  }
  const { data, pagination } = state.data!;
  if (data.length === 0) return <p className="panel center">No instructors are taking bookings yet.</p>;
  return (
    <div className="stack">
      <p className="muted">
        {pagination.total} instructor{pagination.total === 1 ? '' : 's'} taking bookings. To filter by style, place or price, use the <a href="/connect">directory</a>.
      </p>
      <ul className="booking-list" aria-label="Instructors">
        {data.map((i) => (
          <li key={i.id} className="panel booking-card">
            <div className="booking-card-head">
              <div>
                <h2 className="booking-step-title">{i.name}</h2>
                {i.headline && <p className="booking-meta">{i.headline}</p>}
              </div>
              <a className="btn btn-primary btn-sm" href={`/connect/book/${i.id}`} aria-label={`Book ${i.name}`}>
                Book
              </a>
            </div>
            <p className="booking-meta">
              {[
                i.styles.join(', '),
                i.price_from_cents !== null ? `from ${formatCents(i.price_from_cents)}` : null,
                [i.offers_online ? 'Online' : null, i.offers_in_person ? `In person${i.city ? ` in ${i.city}, ${i.state ?? ''}` : ''}` : null].filter(Boolean).join(' · '),
                i.rating !== null ? `★ ${i.rating.toFixed(1)} (${i.review_count})` : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default withErrorBoundary(InstructorChooser);
