import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { joinWaitlistSchema } from './booking-actions.ts';
import { COURSE_FIELD_MESSAGES, courseDialogSchema, updateCourseSchema, updateQuizSchema } from './courses.ts';
import { CHOOSE_AGE_GROUP, CHOOSE_CATEGORY, CHOOSE_DANCE_STYLE, CHOOSE_LEVEL, CHOOSE_RATING, createResourceSchema, createReviewSchema } from './store.ts';
import { adminUpdateUserSchema } from './users.ts';

// The forms' messages speak of the choice a person makes, never of a field's name or of zod's
// default wording ("Invalid input: expected number, received NaN").

/** The messages of one field when `input` is refused. */
function messagesOf(schema: z.ZodType, input: unknown, field: string): string[] {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  return result.error!.issues.filter((i) => i.path[0] === field).map((i) => i.message);
}

const noInternals = (message: string) => {
  expect(message).not.toMatch(/Invalid input|expected|received|NaN|_id\b|[a-z]+_[a-z]+/);
};

describe('the resource form', () => {
  it('asks for a dance style, an age group, a level and a category from the list', () => {
    const input = { title: 'Salsa basics', dance_style: '', age_group: 'toddlers', level: 7, category_id: Number.NaN };
    expect(messagesOf(createResourceSchema, input, 'dance_style')).toEqual([CHOOSE_DANCE_STYLE]);
    expect(messagesOf(createResourceSchema, input, 'age_group')).toEqual([CHOOSE_AGE_GROUP]);
    expect(messagesOf(createResourceSchema, input, 'level')).toEqual([CHOOSE_LEVEL]);
    expect(messagesOf(createResourceSchema, input, 'category_id')).toEqual([CHOOSE_CATEGORY]);
    [CHOOSE_DANCE_STYLE, CHOOSE_AGE_GROUP, CHOOSE_LEVEL, CHOOSE_CATEGORY].forEach(noInternals);
  });
});

describe('the resource review form', () => {
  it('asks for a rating when none was chosen (the empty field reads as NaN)', () => {
    expect(messagesOf(createReviewSchema, { rating: Number.NaN, body: 'Lovely' }, 'rating')).toEqual([CHOOSE_RATING]);
    expect(messagesOf(createReviewSchema, { rating: 6, body: 'Lovely' }, 'rating')).toEqual([CHOOSE_RATING]);
  });
});

describe('the course creator', () => {
  it('asks for a category and an instructor from the list', () => {
    expect(messagesOf(updateCourseSchema, { category_id: 'salsa' }, 'category_id')).toEqual(['Choose a category from the list']);
    expect(messagesOf(courseDialogSchema, { title: 'A course', instructorId: Number.NaN }, 'instructorId')).toEqual(['Choose an instructor from the list']);
  });

  it('asks when to show the correct answers, without the stored values', () => {
    expect(messagesOf(updateQuizSchema, { revealAnswers: 'sometimes' }, 'revealAnswers')).toEqual([COURSE_FIELD_MESSAGES.revealAnswers]);
    noInternals(COURSE_FIELD_MESSAGES.revealAnswers);
  });
});

describe('the booking waitlist', () => {
  it('asks for an instructor, a lesson type and the time zone', () => {
    const input = { instructorId: Number.NaN, startsAt: '2026-12-10T10:00:00Z' };
    expect(messagesOf(joinWaitlistSchema, input, 'instructorId')).toEqual(['Choose an instructor']);
    expect(messagesOf(joinWaitlistSchema, input, 'lessonTypeId')).toEqual(['Choose a lesson type']);
    expect(messagesOf(joinWaitlistSchema, input, 'timeZone')).toEqual(['Your time zone is missing']);
  });
});

describe('an account switched on or off', () => {
  it('names the switch, not the field', () => {
    const [message] = messagesOf(adminUpdateUserSchema, { is_active: 'yes' }, 'is_active');
    expect(message).toBe('Active must be on or off');
    noInternals(message!);
  });
});
