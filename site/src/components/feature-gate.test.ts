import { describe, expect, it } from 'vitest';
import { FEATURES } from '../../../worker/src/domain/features.ts';
import { courseGateFor } from '../islands/course-plan-gate.ts';
import { passesGate } from './FeatureGate.tsx';
import { planForLevel } from '../../../worker/src/domain/features.ts';
import { gateOf } from './gate-spec.ts';

const DAY = 86_400_000;
const now = Date.parse('2026-06-01T12:00:00Z');
const user = (tier: string, status: string | null, expires: string | null = null, role: string[] = ['STUDENT']) => ({
  role,
  subscription_tier: tier,
  subscription_status: status,
  subscription_expires_at: expires,
});

describe('passesGate (the site reads the subscription, decision 0031)', () => {
  it('opens a gate of the plan’s level while the subscription is current', () => {
    expect(passesGate(user('educator', 'active'), 10, now)).toBe(true);
    expect(passesGate(user('NOBILITY', 'trialing'), 10, now)).toBe(true);
    expect(passesGate(user('educator', 'active'), 20, now)).toBe(false);
    expect(passesGate(user('premium', 'active', new Date(now + DAY).toISOString()), 20, now)).toBe(true);
  });
  it('gives nothing for a cancelled plan past its end, a past-due one, a tier without status, or no user', () => {
    expect(passesGate(user('royalty', 'active', new Date(now - DAY).toISOString()), 10, now)).toBe(false);
    expect(passesGate(user('royalty', 'canceled', new Date(now - DAY).toISOString()), 10, now)).toBe(false);
    expect(passesGate(user('educator', 'past_due'), 10, now)).toBe(false);
    expect(passesGate(user('ROYAL', null), 10, now)).toBe(false);
    expect(passesGate(null, 10, now)).toBe(false);
    expect(passesGate(null, 0, now)).toBe(true);
  });
  it('lets admins pass every gate', () => {
    expect(passesGate(user('free', null, null, ['INSTRUCTOR_ADMIN']), 30, now)).toBe(true);
  });
});

describe('the upgrade-required dialog’s gate', () => {
  it('reads a feature key from the table, or takes the gate as given', () => {
    expect(gateOf('store_selling')).toBe(FEATURES.store_selling);
    expect(gateOf({ name: 'X', level: 30, description: 'Y' })).toEqual({ name: 'X', level: 30, description: 'Y' });
    expect([0, 10, 15, 20, 30, 99].map(planForLevel)).toEqual(['free', 'educator', 'premium', 'premium', 'royalty', 'royalty']);
  });
});

describe('courseGateFor (course and enrol pages)', () => {
  it('answers the premium or Royalty gate below the course’s level, nothing otherwise', () => {
    expect(courseGateFor(null, 0)).toBeNull();
    expect(courseGateFor(null, 20)).toBe('premium_courses');
    expect(courseGateFor(user('educator', 'active'), 20)).toBe('premium_courses');
    expect(courseGateFor(user('premium', 'active'), 20)).toBeNull();
    expect(courseGateFor(user('premium', 'active'), 30)).toBe('royalty_masterclasses');
    expect(courseGateFor(user('free', null, null, ['ADMIN']), 30)).toBeNull();
  });
});
