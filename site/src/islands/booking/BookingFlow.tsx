import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef } from 'react';
import { bookerWhen, sameDayAs, zoneCity, zoneLabel } from '../../lib/booking-time.ts';
import { formatCents } from '../../lib/currency.ts';
import {
  $flow,
  $heldPackages,
  $picker,
  $profile,
  $slots,
  $submission,
  activeLessonTypes,
  canGoBack,
  chooseDay,
  chooseSlot,
  chooseZone,
  creditsFor,
  flowSearch,
  instructorIdFromPath,
  joinWaitlist,
  moveWindow,
  NOTE_MAX_LENGTH,
  policyLine,
  setNote,
  startFlow,
  submitBooking,
  wantedFromSearch,
} from '../../stores/booking-flow.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { Loading } from '../learning-parts.tsx';
import './booking.css';
import LessonTypeStep from './LessonTypeStep.tsx';
import SlotPicker from './SlotPicker.tsx';
import ZoneSelect from './ZoneSelect.tsx';

/**
 * /connect/book/{id} and /instructors/{id}/book: choose a lesson type, a day and a time shown in
 * the booker's zone (the instructor's noted), add a note, and pay through the checkout.
 */
function BookingFlow() {
  const profile = useStore($profile);
  const flow = useStore($flow);
  const picker = useStore($picker);
  const slots = useStore($slots);
  const held = useStore($heldPackages);
  const submission = useStore($submission);
  const noteId = useId();
  const payHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const id = instructorIdFromPath(location.pathname);
    if (id !== null) void startFlow(id, wantedFromSearch(location.search));
    else $profile.set({ status: 'error', message: 'This instructor is not taking bookings.' });
  }, []);

  // The chosen lesson type and time live in the address, so a reload or a shared link keeps them.
  useEffect(() => {
    if (profile.status !== 'ready' || flow.wanted) return;
    const search = flowSearch(flow);
    if (location.search !== search) history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
  }, [profile.status, flow]);

  // A time chosen before arriving (a profile's open time): the next step is brought into view.
  useEffect(() => {
    if (!flow.arrivedWithSlot || !flow.slot || !payHeading.current) return;
    payHeading.current.scrollIntoView({ block: 'start', behavior: 'smooth' });
    payHeading.current.focus({ preventScroll: true });
  }, [flow.arrivedWithSlot, flow.slot]);

  if (profile.status === 'idle' || (profile.status === 'loading' && !profile.data)) return <Loading text="Loading the instructor..." />;
  if (profile.status === 'error') {
    return (
      <div className="panel center stack">
        <p className="lead">{profile.message}</p>
        <p>
          <a className="btn btn-primary" href="/connect/book">
            Choose an instructor
          </a>
        </p>
      </div>
    );
  }
  const instructor = profile.data!;
  const types = activeLessonTypes(instructor);
  const type = types.find((t) => t.id === flow.lessonTypeId) ?? null;
  const credits = creditsFor(held.status === 'ready' || held.status === 'loading' ? (held.data ?? []) : [], flow.lessonTypeId);
  const credit = credits.find((p) => p.id === flow.packagePurchaseId) ?? null;
  const slotsLoading = slots.status === 'loading' || slots.status === 'idle';
  const submitting = submission.status === 'submitting';

  return (
    <div className="booking-flow stack">
      <header className="booking-head">
        <div>
          <h2 className="booking-instructor">{instructor.name}</h2>
          {instructor.headline && <p className="muted">{instructor.headline}</p>}
          <p className="booking-zone-note">
            {instructor.name} teaches in {zoneCity(instructor.time_zone)} time ({instructor.time_zone}). Times are shown in your time zone, with {zoneCity(instructor.time_zone)} time
            beside when it differs.
          </p>
        </div>
        <a className="btn btn-ghost btn-sm" href={`/instructors/${instructor.id}`}>
          View profile
        </a>
      </header>

      {types.length === 0 ? (
        <p className="panel">{instructor.name} has no lessons open for booking right now.</p>
      ) : (
        <>
          <LessonTypeStep instructor={instructor} types={types} flow={flow} credits={credits} />

          <section className="booking-step panel stack" aria-labelledby="step-time">
            <h2 id="step-time" className="booking-step-title">
              2. Day and time
            </h2>
            <ZoneSelect zone={flow.zone} onChange={chooseZone} />
            {slots.status === 'error' ? (
              <div className="alert alert-error" role="alert">
                <p className="alert-title">{slots.message}</p>
              </div>
            ) : (
              <SlotPicker
                idPrefix="book"
                days={picker.days}
                day={picker.day}
                slots={picker.slots}
                zone={flow.zone}
                instructorZone={instructor.time_zone}
                selected={flow.slot?.starts_at ?? null}
                loading={slotsLoading}
                onDay={chooseDay}
                onSlot={chooseSlot}
                onWaitlist={(slot) => void joinWaitlist(slot)}
                canGoBack={canGoBack(flow)}
                onBack={() => moveWindow(-1)}
                onForward={() => moveWindow(1)}
              />
            )}
          </section>

          {submission.status === 'error' && (
            <div className="alert alert-error" role="alert">
              <p className="alert-title">{submission.message}</p>
              {submission.alternatives.length > 0 && (
                <>
                  <p>{sameDayAs(submission.tried, submission.alternatives, instructor.time_zone) ? 'Other open times that day:' : 'No other time is open that day. The next open times:'}</p>
                  <ul className="slot-list" aria-label="Other open times">
                    {submission.alternatives.map((slot) => (
                      <li key={slot.starts_at}>
                        <button type="button" className="slot slot-button" aria-pressed={false} onClick={() => chooseSlot(slot)}>
                          {bookerWhen(slot.starts_at, flow.zone, instructor.time_zone)}
                        </button>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </div>
          )}

          {type && flow.slot && (
            <section className="booking-step panel stack" aria-labelledby="step-pay">
              <h2 id="step-pay" className="booking-step-title" ref={payHeading} tabIndex={-1}>
                3. Note and payment
              </h2>
              <dl className="booking-summary">
                <div>
                  <dt>Lesson</dt>
                  <dd>
                    {type.title} · {type.kind_label} · {type.duration_minutes} min · {type.mode_label}
                  </dd>
                </div>
                <div>
                  <dt>When</dt>
                  <dd>
                    {bookerWhen(flow.slot.starts_at, flow.zone, instructor.time_zone)}
                    <span className="booking-when-zone muted">Your time: {zoneLabel(flow.zone, new Date(flow.slot.starts_at))}</span>
                  </dd>
                </div>
                <div>
                  <dt>Price</dt>
                  <dd>{credit ? `1 lesson credit of ${credit.title} (${credit.credits_left} left)` : formatCents(type.price_cents)}</dd>
                </div>
                <div>
                  <dt>Cancellation</dt>
                  <dd>{policyLine(flow.slot.starts_at, instructor.cancellation_hours, flow.zone)}</dd>
                </div>
              </dl>
              <div className="field">
                <label htmlFor={noteId}>Note for {instructor.name} (optional)</label>
                <textarea id={noteId} value={flow.note} maxLength={NOTE_MAX_LENGTH} onChange={(e) => setNote(e.target.value)} placeholder="What would you like to work on?" />
                {submission.status === 'error' && submission.fieldErrors?.note && <p className="field-error">{submission.fieldErrors.note[0]}</p>}
              </div>
              <p className="cluster">
                <button type="button" className="btn btn-primary btn-lg" disabled={submitting} onClick={() => void submitBooking()}>
                  {submitting ? 'Holding your time...' : credit || type.price_cents === 0 ? 'Book now' : `Pay ${formatCents(type.price_cents)}`}
                </button>
              </p>
              {!credit && type.price_cents > 0 && <p className="hint">Your time is held while you pay. The booking is confirmed once the payment goes through.</p>}
            </section>
          )}
        </>
      )}
    </div>
  );
}

export default withErrorBoundary(BookingFlow);
