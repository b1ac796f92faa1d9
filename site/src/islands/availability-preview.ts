import { browserTimeZone, formatShortDay, instructorNote, formatTime, zoneCity } from '../lib/booking-time.ts';
import { flowSearch } from '../lib/booking-address.ts';
import { $preview, loadPreview, PREVIEW_DAYS } from '../stores/availability-preview.ts';
import { h, mountWhenIdle } from './dom.ts';

const SHOWN = 6;

/**
 * The booking card's preview on /instructors/{id} (decision 0032): the next open times of the
 * chosen lesson type over the coming week, in the visitor's zone (Intl) with the instructor's
 * wall time beside. Each time links to the booking page with that lesson type and time chosen
 * (`?type=&at=`, so it survives a reload).
 */
function mountAvailabilityPreview(root: HTMLElement): void {
  const instructorId = Number(root.dataset.instructorId);
  const instructorZone = root.dataset.instructorZone || 'UTC';
  const zone = browserTimeZone();
  const select = root.querySelector('[data-preview-type]') as unknown as (HTMLElement & { value: string }) | null;
  const first = Number(root.querySelector<HTMLInputElement>('[data-preview-first]')?.value);
  const status = root.querySelector<HTMLElement>('[data-preview-status]')!;
  const list = root.querySelector<HTMLElement>('[data-preview-slots]')!;
  const zoneNote = root.querySelector<HTMLElement>('[data-preview-zone]')!;

  $preview.subscribe((state) => {
    if (state.status === 'idle') return;
    if (state.status === 'loading') {
      status.textContent = 'Loading open times…';
      status.hidden = false;
      return;
    }
    if (state.status === 'unavailable') {
      status.textContent = state.message;
      status.hidden = false;
      list.hidden = true;
      zoneNote.hidden = true;
      return;
    }
    const open = state.answer.slots.filter((s) => !s.full && s.seats_left > 0).slice(0, SHOWN);
    const lessonTypeId = state.lessonTypeId;
    list.replaceChildren(
      ...open.map((s) => {
        const note = instructorNote(s.starts_at, zone, instructorZone);
        const href = `/instructors/${instructorId}/book${flowSearch({ lessonTypeId, slot: s })}`;
        return h(
          'li',
          null,
          h('a', { href }, `${formatShortDay(s.starts_at, zone)}, ${formatTime(s.starts_at, zone)}`),
          note ? h('span', { className: 'text-sm muted' }, ` (${note})`) : null,
        );
      }),
    );
    list.hidden = open.length === 0;
    status.textContent = open.length === 0 ? `No open times in the next ${PREVIEW_DAYS} days. See later dates on the booking page.` : '';
    status.hidden = open.length > 0;
    zoneNote.textContent = `Times in your zone (${zoneCity(zone)}). The instructor teaches on ${zoneCity(instructorZone)} time.`;
    zoneNote.hidden = open.length === 0;
  });

  const typeId = () => (select ? Number(select.value) : first);
  select?.addEventListener('change', () => void loadPreview(instructorId, typeId()));
  if (Number.isInteger(instructorId) && typeId() > 0) void loadPreview(instructorId, typeId());
}

mountWhenIdle('[data-island="availability-preview"]', mountAvailabilityPreview);
