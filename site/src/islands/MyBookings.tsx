import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import LoadError from '../components/LoadError.tsx';
import { useHydrated } from '../components/use-hydrated.ts';
import { browserTimeZone, zoneLabel } from '../lib/booking-time.ts';
import { $busy, $cancelled, $packages, $past, $upcoming, $waitlist, loadBookings, loadPackages, loadWaitlist, type BookingView } from '../stores/bookings.ts';
import type { Loadable } from '../stores/query.ts';
import BookingCard, { type BookingAction } from './booking/BookingCard.tsx';
import { CancelDialog, RescheduleDialog, ReviewDialog } from './booking/BookingDialogs.tsx';
import { PackageList, WaitlistList } from './booking/BookingTabs.tsx';
import './booking/booking.css';
import { withErrorBoundary } from './ErrorBoundary.tsx';
import { Loading } from './learning-parts.tsx';

const TABS = [
  { key: 'upcoming', label: 'Upcoming' },
  { key: 'past', label: 'Past' },
  { key: 'cancelled', label: 'Cancelled' },
  { key: 'waitlist', label: 'Waitlist' },
  { key: 'packages', label: 'Packages' },
] as const;
type Tab = (typeof TABS)[number]['key'];

function tabFromUrl(): Tab {
  const wanted = new URLSearchParams(location.search).get('tab');
  return TABS.find((t) => t.key === wanted)?.key ?? 'upcoming';
}

function Listed<T>({ state, retry, children }: { state: Loadable<T[]>; retry: () => void; children: (data: T[]) => React.ReactNode }) {
  if (state.status === 'idle' || (state.status === 'loading' && !state.data)) return <Loading text="Loading..." />;
  if (state.status === 'error') return <LoadError message={state.message} onRetry={retry} />;
  return <>{children(state.data ?? [])}</>;
}

/**
 * /my-bookings: upcoming, past and cancelled lessons, waitlist places and lesson packages. What
 * depends on the browser's zone is rendered only once hydrated: the server's zone is not the
 * browser's, and the first render must be the server's.
 */
function MyBookings() {
  const [tab, setTab] = useState<Tab>('upcoming');
  const hydrated = useHydrated();
  const [zone] = useState(browserTimeZone);
  const [now, setNow] = useState(() => Date.now());
  const [open, setOpen] = useState<{ action: BookingAction; booking: BookingView } | null>(null);
  const upcoming = useStore($upcoming);
  const past = useStore($past);
  const cancelled = useStore($cancelled);
  const waitlist = useStore($waitlist);
  const packages = useStore($packages);
  const busy = useStore($busy);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    setTab(tabFromUrl());
    void loadBookings('upcoming');
    void loadBookings('past');
    void loadBookings('cancelled');
    void loadWaitlist();
    void loadPackages();
    // Time left on held payments and offered places.
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  const choose = (next: Tab) => {
    setTab(next);
    const url = new URL(location.href);
    if (next === 'upcoming') url.searchParams.delete('tab');
    else url.searchParams.set('tab', next);
    history.replaceState(history.state, '', url);
  };
  const onKey = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + TABS.length) % TABS.length;
    choose(TABS[next]!.key);
    tabRefs.current[next]?.focus();
  };

  const bookingList = (list: BookingView[], empty: React.ReactNode, label: string) =>
    list.length === 0 ? (
      empty
    ) : (
      <ul className="booking-list" aria-label={label}>
        {list.map((b) => (
          <BookingCard key={b.id} booking={b} zone={zone} now={now} busy={busy.has(b.id)} onAction={(action) => setOpen({ action, booking: b })} />
        ))}
      </ul>
    );

  return (
    <div className="tabs">
      <p className="booking-meta" hidden={!hydrated}>
        {hydrated ? `Times are shown in your time zone: ${zoneLabel(zone)}.` : ''}
      </p>
      <div role="tablist" aria-label="My bookings">
        {TABS.map((t, i) => (
          <button
            key={t.key}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`bookings-tab-${t.key}`}
            aria-selected={tab === t.key}
            aria-controls={`bookings-panel-${t.key}`}
            tabIndex={tab === t.key ? 0 : -1}
            onClick={() => choose(t.key)}
            onKeyDown={(e) => onKey(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`bookings-panel-${tab}`} aria-labelledby={`bookings-tab-${tab}`}>
        {tab === 'upcoming' && (
          <Listed state={upcoming} retry={() => void loadBookings('upcoming')}>
            {(list) =>
              bookingList(
                list,
                <div className="panel center stack">
                  <p className="lead">No upcoming lessons.</p>
                  <p>
                    <a className="btn btn-primary" href="/connect">
                      Find an instructor
                    </a>
                  </p>
                </div>,
                'Upcoming bookings',
              )
            }
          </Listed>
        )}
        {tab === 'past' && (
          <Listed state={past} retry={() => void loadBookings('past')}>
            {(list) => bookingList(list, <p className="panel center">No past bookings yet.</p>, 'Past bookings')}
          </Listed>
        )}
        {tab === 'cancelled' && (
          <Listed state={cancelled} retry={() => void loadBookings('cancelled')}>
            {(list) => bookingList(list, <p className="panel center">No cancelled bookings.</p>, 'Cancelled bookings')}
          </Listed>
        )}
        {tab === 'waitlist' && (
          <Listed state={waitlist} retry={() => void loadWaitlist()}>
            {(list) => <WaitlistList entries={list} zone={zone} busy={busy} now={now} />}
          </Listed>
        )}
        {tab === 'packages' && (
          <Listed state={packages} retry={() => void loadPackages()}>
            {(list) => <PackageList packages={list} />}
          </Listed>
        )}
      </div>
      {open?.action === 'cancel' && <CancelDialog booking={open.booking} zone={zone} onClose={() => setOpen(null)} />}
      {open?.action === 'reschedule' && <RescheduleDialog booking={open.booking} zone={zone} onClose={() => setOpen(null)} />}
      {open?.action === 'review' && <ReviewDialog booking={open.booking} zone={zone} onClose={() => setOpen(null)} />}
    </div>
  );
}

export default withErrorBoundary(MyBookings);
