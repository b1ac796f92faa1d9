import { describe, expect, it } from 'vitest';
import { profileSchema } from '../../../../shared/connect/profile-schemas.ts';
import type { OwnProfileView } from '../../../../shared/bookings/views.ts';
import { formOf, inputOf, money, timeZoneChoices, weeklySummary } from './profile-form.ts';

const saved = {
  headline: 'Tap for adults',
  bio: 'Ten years of rhythm tap.',
  photo_url: null,
  video_url: 'https://video.example.test/me',
  style_ids: [3],
  levels: ['Beginner'],
  age_groups: ['Adult (18+)'],
  languages: ['English'],
  offers_online: false,
  offers_in_person: true,
  zip: '60614',
  travel_radius_miles: 10,
  time_zone: 'America/Chicago',
  meeting_url: null,
  min_notice_minutes: 90,
  horizon_days: 30,
  buffer_minutes: 10,
  cancellation_hours: 48,
  premium_listing: false,
} as unknown as OwnProfileView;

describe('the profile editor form', () => {
  it('shows the rules in human units and sends them back in the API’s, unchanged', () => {
    const form = formOf(saved);
    expect(form).toMatchObject({ notice_hours: '1.5', horizon_days: '30', cancellation_hours: '48', photo_url: '', meeting_url: '', zip: '60614' });
    const input = inputOf(form);
    expect(input).toMatchObject({ min_notice_minutes: 90, horizon_days: 30, buffer_minutes: 10, cancellation_hours: 48, photo_url: null, meeting_url: null, zip: '60614', travel_radius_miles: 10 });
    expect(profileSchema.safeParse(input).success).toBe(true);
  });

  it('leaves an emptied number for the schema to name, and drops the radius when not in person', () => {
    const input = inputOf({ ...formOf(saved), horizon_days: '', offers_in_person: false });
    expect(input.travel_radius_miles).toBe(0);
    const parsed = profileSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path[0])).toEqual(['horizon_days']);
  });

  it('starts a new profile online, in the browser’s zone, with the default rules', () => {
    const form = formOf(null);
    expect(form).toMatchObject({ offers_online: true, offers_in_person: false, notice_hours: '12', horizon_days: '60', buffer_minutes: '15', cancellation_hours: '24' });
    expect(timeZoneChoices(form.time_zone)).toContain(form.time_zone);
    expect(timeZoneChoices('Mars/Base')[0]).toBe('Mars/Base');
  });

  it("starts a new profile from the admin's booking policy defaults; a saved profile keeps its own", () => {
    const defaults = { min_notice_minutes: 90, horizon_days: 30, buffer_minutes: 5, cancellation_hours: 48 };
    expect(formOf(null, defaults)).toMatchObject({ notice_hours: '1.5', horizon_days: '30', buffer_minutes: '5', cancellation_hours: '48' });
    expect(inputOf(formOf(null, defaults))).toMatchObject(defaults);
    expect(formOf(saved, defaults)).toMatchObject({ horizon_days: String(saved.horizon_days), cancellation_hours: String(saved.cancellation_hours) });
  });

  it('sums up the weekly hours by day, and writes money', () => {
    expect(
      weeklySummary([
        { weekday: 3, start: '10:00', end: '12:00' },
        { weekday: 1, start: '14:00', end: '17:00' },
        { weekday: 1, start: '09:00', end: '12:00' },
      ]),
    ).toEqual(['Monday: 09:00–12:00, 14:00–17:00', 'Wednesday: 10:00–12:00']);
    expect([money(6000), money(6250), money(0)]).toEqual(['$60', '$62.50', '$0']);
  });
});
