import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import type { ValidationErrors } from '../../lib/api.ts';
import {
  $availability,
  $availabilitySaving,
  $ownProfile,
  $preview,
  $previewLessonType,
  BUFFER_CHOICES,
  choicesWith,
  copyMondayToWeekdays,
  durationText,
  formOfAvailability,
  loadAvailability,
  loadOwnProfile,
  loadPreview,
  newWindow,
  NOTICE_CHOICES,
  PREVIEW_SLOTS,
  saveAvailability,
  timeZoneChoices,
  WEEKDAYS,
  type AvailabilityForm,
  type TimeWindow,
} from '../../stores/instructor-bookings.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { ErrorState, LoadingState } from '../admin/AdminStates.tsx';
import { NoProfile } from './InstructorBookings.tsx';

/** The field errors of one window, from the API's keys (weekly.3.start, overrides.0.end). */
const errorOf = (errors: ValidationErrors | undefined, path: string) => [...(errors?.[`${path}.start`] ?? []), ...(errors?.[`${path}.end`] ?? [])][0];

function WindowRow({ label, window, error, onChange, onRemove }: { label: string; window: TimeWindow; error?: string; onChange: (w: TimeWindow) => void; onRemove: () => void }) {
  const id = useId();
  return (
    <div className="avail-window">
      <div className="field">
        <label htmlFor={`${id}-start`}>
          From<span className="visually-hidden"> ({label})</span>
        </label>
        <input id={`${id}-start`} type="time" className="input" value={window.start} step={300} required aria-invalid={error ? true : undefined} onChange={(e) => onChange({ ...window, start: e.currentTarget.value })} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-end`}>
          To<span className="visually-hidden"> ({label})</span>
        </label>
        <input id={`${id}-end`} type="time" className="input" value={window.end} step={300} required aria-invalid={error ? true : undefined} onChange={(e) => onChange({ ...window, end: e.currentTarget.value })} />
      </div>
      <button type="button" className="btn btn-secondary btn-sm" onClick={onRemove} aria-label={`Remove ${label} ${window.start}–${window.end}`}>
        Remove
      </button>
      {error && (
        <p className="field-error avail-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function Editor({ initial }: { initial: AvailabilityForm }) {
  const id = useId();
  const saving = useStore($availabilitySaving);
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<ValidationErrors | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [newDate, setNewDate] = useState('');
  const zones = useMemo(() => timeZoneChoices(initial.timeZone), [initial.timeZone]);

  const setDay = (weekday: number, windows: TimeWindow[]) => setForm((f) => ({ ...f, weekly: { ...f.weekly, [weekday]: windows } }));

  // Body indexes of each window (availabilityBodyOf's order), for the API's field errors.
  let weeklyIndex = 0;
  let overrideIndex = 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const horizon = Number(form.horizonDays);
    if (!Number.isInteger(horizon) || horizon < 1 || horizon > 365) {
      setProblem('Booking horizon must be a whole number of days from 1 to 365.');
      return;
    }
    const result = await saveAvailability(form);
    if (result.ok) {
      setErrors(undefined);
      setProblem(null);
    } else {
      setErrors(result.validationErrors);
      setProblem(result.message);
    }
  }

  function addOverride() {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(newDate)) {
      setProblem('Pick a date to change.');
      return;
    }
    if (form.overrides.some((d) => d.date === newDate)) {
      setProblem('That date is already in the list.');
      return;
    }
    setProblem(null);
    setForm((f) => ({ ...f, overrides: [...f.overrides, { key: Date.now(), date: newDate, dayOff: true, windows: [] }].sort((a, b) => a.date.localeCompare(b.date)) }));
    setNewDate('');
  }

  return (
    <form className="admin-stack" onSubmit={(e) => void submit(e)} noValidate aria-label="Your availability">
      <section className="card admin-panel avail-rules" aria-labelledby={`${id}-rules`}>
        <h2 id={`${id}-rules`} className="admin-section-title">
          Time zone and booking rules
        </h2>
        <div className="avail-rules-grid">
          <div className="field">
            <label htmlFor={`${id}-zone`}>Time zone</label>
            <select id={`${id}-zone`} className="input" value={form.timeZone} onChange={(e) => setForm({ ...form, timeZone: e.currentTarget.value })}>
              {zones.map((z) => (
                <option key={z} value={z}>
                  {z.replace(/_/g, ' ')}
                </option>
              ))}
            </select>
            <p className="muted field-hint">Your hours below are in this zone. Bookers see them in their own.</p>
          </div>
          <div className="field">
            <label htmlFor={`${id}-notice`}>Minimum notice</label>
            <select id={`${id}-notice`} className="input" value={form.minNoticeMinutes} onChange={(e) => setForm({ ...form, minNoticeMinutes: Number(e.currentTarget.value) })}>
              {choicesWith(NOTICE_CHOICES, form.minNoticeMinutes).map((m) => (
                <option key={m} value={m}>
                  {durationText(m)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-horizon`}>Booking horizon (days ahead)</label>
            <input id={`${id}-horizon`} type="number" inputMode="numeric" min={1} max={365} className="input" value={form.horizonDays} onChange={(e) => setForm({ ...form, horizonDays: e.currentTarget.value })} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-buffer`}>Buffer between lessons</label>
            <select id={`${id}-buffer`} className="input" value={form.bufferMinutes} onChange={(e) => setForm({ ...form, bufferMinutes: Number(e.currentTarget.value) })}>
              {choicesWith(BUFFER_CHOICES, form.bufferMinutes).map((m) => (
                <option key={m} value={m}>
                  {durationText(m)}
                </option>
              ))}
            </select>
          </div>
        </div>
      </section>

      <section className="card admin-panel" aria-labelledby={`${id}-weekly`}>
        <div className="admin-panel-head">
          <h2 id={`${id}-weekly`} className="admin-section-title">
            Weekly hours
          </h2>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => setForm(copyMondayToWeekdays(form))}>
            Copy Monday to weekdays
          </button>
        </div>
        <div className="avail-days">
          {WEEKDAYS.map(({ weekday, name }) => {
            const windows = form.weekly[weekday] ?? [];
            return (
              <fieldset key={weekday} className="avail-day">
                <legend>{name}</legend>
                {windows.length === 0 && <p className="muted avail-unavailable">Unavailable</p>}
                {windows.map((w, i) => {
                  const index = weeklyIndex++;
                  return (
                    <WindowRow
                      key={w.key}
                      label={name}
                      window={w}
                      error={errorOf(errors, `weekly.${index}`)}
                      onChange={(next) => setDay(weekday, windows.map((x, j) => (j === i ? next : x)))}
                      onRemove={() => setDay(weekday, windows.filter((_, j) => j !== i))}
                    />
                  );
                })}
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  onClick={() => {
                    const last = windows[windows.length - 1];
                    setDay(weekday, [...windows, last ? newWindow(last.end < '22:00' ? last.end : '18:00', last.end < '22:00' ? '23:00' : '20:00') : newWindow()]);
                  }}
                >
                  Add hours<span className="visually-hidden"> on {name}</span>
                </button>
              </fieldset>
            );
          })}
        </div>
      </section>

      <section className="card admin-panel" aria-labelledby={`${id}-overrides`}>
        <h2 id={`${id}-overrides`} className="admin-section-title">
          Date overrides
        </h2>
        <p className="muted">A date here replaces that weekday&apos;s hours: mark the day off, or give it its own hours.</p>
        <div className="avail-add-date">
          <div className="field">
            <label htmlFor={`${id}-new-date`}>Date</label>
            <input id={`${id}-new-date`} type="date" className="input" value={newDate} onChange={(e) => setNewDate(e.currentTarget.value)} />
          </div>
          <button type="button" className="btn btn-secondary" onClick={addOverride}>
            Add date
          </button>
        </div>
        {form.overrides.length === 0 && <p className="muted">No date overrides.</p>}
        <ul className="avail-overrides">
          {form.overrides.map((day, i) => {
            const update = (next: typeof day) => setForm((f) => ({ ...f, overrides: f.overrides.map((d, j) => (j === i ? next : d)) }));
            const label = new Date(`${day.date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
            const dayIndex = overrideIndex;
            if (day.dayOff) overrideIndex += 1;
            return (
              <li key={day.key} className="avail-day">
                <div className="admin-panel-head">
                  <strong>{label}</strong>
                  <button type="button" className="btn btn-secondary btn-sm" onClick={() => setForm((f) => ({ ...f, overrides: f.overrides.filter((_, j) => j !== i) }))} aria-label={`Remove the override of ${label}`}>
                    Remove date
                  </button>
                </div>
                <label className="check">
                  <input type="checkbox" checked={day.dayOff} onChange={(e) => update({ ...day, dayOff: e.currentTarget.checked, windows: e.currentTarget.checked ? [] : day.windows.length ? day.windows : [newWindow()] })} />
                  <span>Day off</span>
                </label>
                {day.dayOff && errorOf(errors, `overrides.${dayIndex}`) && (
                  <p className="field-error" role="alert">
                    {errorOf(errors, `overrides.${dayIndex}`)}
                  </p>
                )}
                {!day.dayOff &&
                  day.windows.map((w, k) => {
                    const index = overrideIndex++;
                    return (
                      <WindowRow
                        key={w.key}
                        label={label}
                        window={w}
                        error={errorOf(errors, `overrides.${index}`)}
                        onChange={(next) => update({ ...day, windows: day.windows.map((x, j) => (j === k ? next : x)) })}
                        onRemove={() => update({ ...day, windows: day.windows.filter((_, j) => j !== k), dayOff: day.windows.length === 1 })}
                      />
                    );
                  })}
                {!day.dayOff && (
                  <button type="button" className="btn btn-secondary btn-sm" onClick={() => update({ ...day, windows: [...day.windows, newWindow('18:00', '20:00')] })}>
                    Add hours<span className="visually-hidden"> on {label}</span>
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </section>

      <div className="avail-save">
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save availability'}
        </button>
      </div>
    </form>
  );
}

function Preview() {
  const profile = useStore($ownProfile);
  const preview = useStore($preview);
  const chosen = useStore($previewLessonType);
  const id = useId();
  useEffect(() => {
    if (profile.status === 'ready') void loadPreview();
  }, [profile.status]);
  if (profile.status !== 'ready') return null;
  const p = profile.data;
  const types = p.lesson_types.filter((t) => t.active);
  if (p.status !== 'published') {
    return (
      <section className="card admin-panel" aria-labelledby={`${id}-preview`}>
        <h2 id={`${id}-preview`} className="admin-section-title">
          Preview of your open times
        </h2>
        <p className="muted">
          The preview shows once your profile is published. <a href="/connect/profile">Finish and publish your profile</a>.
        </p>
      </section>
    );
  }
  return (
    <section className="card admin-panel" aria-labelledby={`${id}-preview`}>
      <h2 id={`${id}-preview`} className="admin-section-title">
        Preview of your open times
      </h2>
      {types.length === 0 ? (
        <p className="muted">
          Add a lesson type on <a href="/connect/profile">your profile</a> to see its open times.
        </p>
      ) : (
        <>
          <div className="field">
            <label htmlFor={`${id}-type`}>Lesson type</label>
            <select id={`${id}-type`} className="input" value={chosen ?? ''} onChange={(e) => void loadPreview(Number(e.currentTarget.value))}>
              {types.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.title} ({t.duration_minutes} min)
                </option>
              ))}
            </select>
          </div>
          {preview.status === 'loading' && <LoadingState label="Finding open times..." />}
          {preview.status === 'error' && <ErrorState message={preview.message} onRetry={() => void loadPreview()} />}
          {preview.status === 'ready' &&
            (preview.data.slots.length === 0 ? (
              <p className="muted">No open times in the next two weeks. Add weekly hours, or check the minimum notice and horizon.</p>
            ) : (
              <>
                <p className="muted">The next open times in your zone ({preview.data.instructor_time_zone.replace(/_/g, ' ')}):</p>
                <ul className="avail-slots">
                  {preview.data.slots.slice(0, PREVIEW_SLOTS).map((s) => (
                    <li key={s.starts_at}>
                      {new Date(`${s.local_date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' })} · {s.local_time}
                      {s.full ? ' (full)' : s.capacity > 1 ? ` (${s.seats_left} of ${s.capacity} seats)` : ''}
                    </li>
                  ))}
                </ul>
              </>
            ))}
        </>
      )}
    </section>
  );
}

function AvailabilityEditor() {
  const state = useStore($availability);
  useEffect(() => {
    void loadAvailability();
    void loadOwnProfile();
  }, []);
  const initial = useMemo(() => (state.status === 'ready' ? formOfAvailability(state.data) : null), [state]);
  if (state.status === 'no-profile') return <NoProfile what="set your hours" />;
  if (state.status === 'error') return <ErrorState message={state.message} onRetry={() => void loadAvailability()} />;
  if (!initial) return <LoadingState label="Loading your availability..." />;
  return (
    <div className="admin-stack">
      <Editor key={JSON.stringify(state.status === 'ready' ? state.data : null)} initial={initial} />
      <Preview />
    </div>
  );
}

export default withErrorBoundary(AvailabilityEditor);
