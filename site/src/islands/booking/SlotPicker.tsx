import type { PickerDay, SlotView } from '../../stores/booking-flow.ts';
import { dayChip, slotLabel } from '../../lib/booking-time.ts';

export interface SlotPickerProps {
  days: readonly PickerDay[];
  day: string | null;
  slots: readonly SlotView[];
  /** The zone times are shown in (the booker's), and the instructor's, noted beside. */
  zone: string;
  instructorZone: string;
  /** The chosen slot's start. */
  selected: string | null;
  loading: boolean;
  onDay: (key: string) => void;
  onSlot: (slot: SlotView) => void;
  /** Full group sessions offer "Full — join waitlist" when given. */
  onWaitlist?: (slot: SlotView) => void;
  canGoBack: boolean;
  onBack: () => void;
  onForward: () => void;
  /** Names the groups (two pickers never share a page, but a dialog's differs). */
  idPrefix: string;
}

function seatsLine(slot: SlotView): string | null {
  if (slot.capacity <= 1) return null;
  return slot.full ? 'Full' : `${slot.seats_left} of ${slot.capacity} places left`;
}

/**
 * Step 2 of booking (and the reschedule dialog): the booker's days, days with open times marked,
 * and the times of the chosen day in the booker's zone with the instructor's noted.
 */
export default function SlotPicker({ days, day, slots, zone, instructorZone, selected, loading, onDay, onSlot, onWaitlist, canGoBack, onBack, onForward, idPrefix }: SlotPickerProps) {
  const chosenDay = day ? dayChip(day).long : '';
  return (
    <div className="slot-picker">
      <div className="slot-days-head">
        <button type="button" className="btn btn-ghost btn-sm" onClick={onBack} disabled={!canGoBack}>
          ← Earlier days
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onForward}>
          Later days →
        </button>
      </div>
      <ul className="slot-days" aria-label="Days">
        {days.map((d) => {
          const chip = dayChip(d.key);
          const note = d.open > 0 ? `${d.open} open` : d.slots.length > 0 ? 'Full' : 'No times';
          return (
            <li key={d.key}>
              <button
                type="button"
                className={`slot-day${d.open > 0 ? ' slot-day-open' : ''}`}
                aria-pressed={d.key === day}
                data-day={d.key}
                aria-label={`${chip.long}: ${note}`}
                onClick={() => onDay(d.key)}
              >
                <span className="slot-day-weekday">{chip.weekday}</span>
                <span className="slot-day-date">{chip.date}</span>
                <span className="slot-day-note">{note}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <div aria-live="polite">
        {loading && slots.length === 0 ? (
          <p className="loading" role="status">
            <span className="spinner" aria-hidden="true" /> Loading open times...
          </p>
        ) : slots.length === 0 ? (
          <p className="muted">No open times on {chosenDay || 'this day'}. Pick another day.</p>
        ) : (
          <>
            <h3 className="slot-list-title" id={`${idPrefix}-times`}>
              Times on {chosenDay}
            </h3>
            <ul className="slot-list" aria-labelledby={`${idPrefix}-times`}>
              {slots.map((slot) => {
                const label = slotLabel(slot.starts_at, zone, instructorZone);
                const seats = seatsLine(slot);
                if (slot.full) {
                  return (
                    <li key={slot.starts_at} className="slot slot-full">
                      <span>
                        {label}
                        <span className="slot-seats"> · Full</span>
                      </span>
                      {onWaitlist && (
                        <button type="button" className="btn btn-secondary btn-sm" onClick={() => onWaitlist(slot)} aria-label={`Full — join waitlist: ${label}`}>
                          Full — join waitlist
                        </button>
                      )}
                    </li>
                  );
                }
                return (
                  <li key={slot.starts_at}>
                    <button type="button" className="slot slot-button" aria-pressed={selected === slot.starts_at} data-starts-at={slot.starts_at} onClick={() => onSlot(slot)}>
                      <span>{label}</span>
                      {seats && <span className="slot-seats">{seats}</span>}
                    </button>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
