import { describe, expect, it } from 'vitest';
import { countLabel, pluralWord } from './plural.ts';

describe('plural', () => {
  it('picks the singular for exactly one and the plural otherwise', () => {
    expect(countLabel(1, 'course')).toBe('1 course');
    expect(countLabel(0, 'course')).toBe('0 courses');
    expect(countLabel(2, 'draft')).toBe('2 drafts');
    expect(countLabel(1.5, 'lesson')).toBe('1.5 lessons');
  });
  it('takes an irregular plural and phrases with a verb', () => {
    expect(countLabel(1, 'quiz', 'quizzes')).toBe('1 quiz');
    expect(countLabel(3, 'quiz', 'quizzes')).toBe('3 quizzes');
    expect(countLabel(1, 'course matches', 'courses match')).toBe('1 course matches');
    expect(countLabel(4, 'course matches', 'courses match')).toBe('4 courses match');
  });
  it('formats large numbers with separators', () => {
    expect(countLabel(1204, 'learner')).toBe('1,204 learners');
  });
  it('gives the word alone', () => {
    expect(pluralWord(1, 'question is', 'questions are')).toBe('question is');
    expect(pluralWord(7, 'question is', 'questions are')).toBe('questions are');
  });
});
