import { useEffect, useId, useState, type FormEvent } from 'react';
import ModalDialog from '../../components/ModalDialog.tsx';
import { addDays, bookerWhen, localDateKey, zoneLabel } from '../../lib/booking-time.ts';
import { DAYS_SHOWN, pickerDays, REVIEW_COMMENT_MAX_LENGTH, type SlotView } from '../../stores/booking-flow.ts';
import { cancelBooking, cancelOutcome, rescheduleBooking, rescheduleSlots, reviewBooking, type BookingView } from '../../stores/bookings.ts';
import SlotPicker from './SlotPicker.tsx';

interface DialogProps {
  booking: BookingView;
  zone: string;
  onClose: () => void;
}

function ErrorLine({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {message}
    </p>
  );
}

/** Cancel: what cancelling now gives back (refund or credit) and until when it is free; a reason. */
export function CancelDialog({ booking, zone, onClose }: DialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await cancelBooking(booking, reason);
    setBusy(false);
    if (result.ok) onClose();
    else setError(result.fieldErrors?.reason?.[0] ?? result.message);
  };
  return (
    <ModalDialog
      open
      role="alertdialog"
      onOpenChange={(open) => !open && onClose()}
      title={`Cancel ${booking.title}?`}
      description={cancelOutcome(booking, zone)}
      busy={busy}
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="stack">
        <p className="booking-meta">{bookerWhen(booking.starts_at, zone, booking.instructor_time_zone)} with {booking.instructor.name}</p>
        <div className="field">
          <label htmlFor={`${id}-reason`}>Reason (optional, {booking.instructor.name} sees it)</label>
          <textarea id={`${id}-reason`} value={reason} maxLength={500} onChange={(e) => setReason(e.currentTarget.value)} aria-describedby={error ? `${id}-error` : undefined} />
        </div>
        <ErrorLine id={`${id}-error`} message={error} />
        <div className="drx-dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
            Keep booking
          </button>
          <button type="submit" className="btn btn-danger" disabled={busy}>
            {busy ? 'Cancelling...' : 'Cancel booking'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** Reschedule: another open time of the same lesson type, in the booker's zone. */
export function RescheduleDialog({ booking, zone, onClose }: DialogProps) {
  const id = useId();
  // It opens on the booking's own day.
  const bookedDay = localDateKey(booking.starts_at, zone);
  const [windowStart, setWindowStart] = useState(() => {
    const today = localDateKey(new Date(), zone);
    return bookedDay > addDays(today, DAYS_SHOWN - 1) ? bookedDay : today;
  });
  const [slots, setSlots] = useState<SlotView[] | null>(null);
  const [day, setDay] = useState<string | null>(bookedDay);
  const [slot, setSlot] = useState<SlotView | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setSlots(null);
    const instructorToday = localDateKey(new Date(), booking.instructor_time_zone);
    const from = addDays(windowStart, -1) < instructorToday ? instructorToday : addDays(windowStart, -1);
    rescheduleSlots(booking, from, DAYS_SHOWN + 2).then(
      (answer) => live && setSlots(answer.slots.filter((s) => s.starts_at !== booking.starts_at)),
      () => {
        if (!live) return;
        setSlots([]);
        setError('The open times could not be loaded. Please try again.');
      },
    );
    return () => {
      live = false;
    };
  }, [booking, windowStart]);

  const days = pickerDays(slots ?? [], zone, windowStart);
  const shownDay = day ?? days.find((d) => d.open > 0)?.key ?? days[0]?.key ?? null;
  const submit = async () => {
    if (!slot) return;
    setBusy(true);
    const result = await rescheduleBooking(booking, slot.starts_at, zone);
    setBusy(false);
    if (result.ok) onClose();
    else setError(result.message);
  };
  return (
    <ModalDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Reschedule ${booking.title}`}
      description={`Now ${bookerWhen(booking.starts_at, zone, booking.instructor_time_zone)}. Choose another time (shown in ${zoneLabel(zone)}).`}
      busy={busy}
    >
      <div className="stack dialog-slot-picker">
        <SlotPicker
          idPrefix={`${id}-reschedule`}
          days={days}
          day={shownDay}
          slots={days.find((d) => d.key === shownDay)?.slots ?? []}
          zone={zone}
          instructorZone={booking.instructor_time_zone}
          selected={slot?.starts_at ?? null}
          loading={slots === null}
          onDay={setDay}
          onSlot={(s) => {
            setSlot(s);
            setError(null);
          }}
          canGoBack={windowStart > localDateKey(new Date(), zone)}
          onBack={() => {
            const today = localDateKey(new Date(), zone);
            const prev = addDays(windowStart, -DAYS_SHOWN);
            setWindowStart(prev < today ? today : prev);
            setDay(null);
          }}
          onForward={() => {
            setWindowStart(addDays(windowStart, DAYS_SHOWN));
            setDay(null);
          }}
        />
      </div>
      <ErrorLine id={`${id}-error`} message={error} />
      <div className="drx-dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
          Keep the time
        </button>
        <button type="button" className="btn btn-primary" disabled={busy || !slot} onClick={() => void submit()}>
          {busy ? 'Moving...' : slot ? `Move to ${bookerWhen(slot.starts_at, zone, booking.instructor_time_zone)}` : 'Choose a time'}
        </button>
      </div>
    </ModalDialog>
  );
}

const STARS = [1, 2, 3, 4, 5] as const;

/** Review of the instructor after a completed lesson: 1 to 5 stars and a comment. */
export function ReviewDialog({ booking, onClose }: DialogProps) {
  const id = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (rating === null) {
      setError('Choose a rating from 1 to 5 stars.');
      return;
    }
    setBusy(true);
    const result = await reviewBooking(booking, rating, comment);
    setBusy(false);
    if (result.ok) onClose();
    else setError(result.fieldErrors?.rating?.[0] ?? result.fieldErrors?.comment?.[0] ?? result.message);
  };
  return (
    <ModalDialog open onOpenChange={(open) => !open && onClose()} title={`Review ${booking.instructor.name}`} description={`How was ${booking.title}?`} busy={busy}>
      <form onSubmit={(e) => void submit(e)} noValidate className="stack">
        <fieldset className="rating-stars">
          <legend className="label">Rating</legend>
          {STARS.map((n) => (
            <label key={n} className="check">
              <input type="radio" name={`${id}-rating`} value={n} checked={rating === n} onChange={() => setRating(n)} />
              <span aria-hidden="true">{'★'.repeat(n)}</span>
              <span className="visually-hidden">
                {n} star{n === 1 ? '' : 's'}
              </span>
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-comment`}>Comment</label>
          <textarea id={`${id}-comment`} value={comment} maxLength={REVIEW_COMMENT_MAX_LENGTH} onChange={(e) => setComment(e.currentTarget.value)} />
        </div>
        <ErrorLine id={`${id}-error`} message={error} />
        <div className="drx-dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
            Not now
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Posting...' : 'Post review'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
