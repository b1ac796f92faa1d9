import { describe, expect, it } from 'vitest';
import {
  addOption,
  BLANK_OPTION_MESSAGE,
  canRemoveOption,
  finalOptions,
  markCorrect,
  MIN_OPTIONS_MESSAGE,
  newQuestionDraft,
  removeOption,
  setOptionText,
  validateOptions,
  type QuestionDraft,
} from './question-editor.ts';

function removed(draft: QuestionDraft, index: number): QuestionDraft {
  const result = removeOption(draft, index);
  if (!result.ok) throw new Error(result.error);
  return result.draft;
}

const four = (correctOption: number): QuestionDraft => ({ options: ['A', 'B', 'C', 'D'], correctOption });

describe('question editor (2 options at least, one correct, all filled)', () => {
  it('starts with 2 empty options and correct option 0', () => {
    expect(newQuestionDraft()).toEqual({ options: ['', ''], correctOption: 0 });
  });

  it('adds empty options and edits their text', () => {
    let draft = addOption(newQuestionDraft());
    expect(draft.options).toEqual(['', '', '']);
    draft = setOptionText(draft, 2, 'Plié');
    expect(draft.options).toEqual(['', '', 'Plié']);
    expect(setOptionText(draft, 7, 'x')).toBe(draft);
  });

  it('marks exactly one option correct and ignores indexes outside the list', () => {
    const draft = markCorrect(four(0), 2);
    expect(draft.correctOption).toBe(2);
    expect(markCorrect(draft, 4).correctOption).toBe(2);
    expect(markCorrect(draft, -1).correctOption).toBe(2);
  });

  it('keeps at least 2 options: removal is disabled at 2', () => {
    const draft = newQuestionDraft();
    expect(canRemoveOption(draft)).toBe(false);
    expect(removeOption(draft, 0)).toEqual({ ok: false, error: MIN_OPTIONS_MESSAGE });
    expect(MIN_OPTIONS_MESSAGE).toBe('A question must have at least 2 options');
    expect(canRemoveOption(addOption(draft))).toBe(true);
  });

  it('resets the correct index to 0 when the correct option is removed', () => {
    expect(removed(four(2), 2)).toEqual({ options: ['A', 'B', 'D'], correctOption: 0 });
    expect(removed(four(0), 0)).toEqual({ options: ['B', 'C', 'D'], correctOption: 0 });
  });

  it('shifts the correct index down by one when an earlier option is removed', () => {
    const draft = removed(four(2), 0);
    expect(draft).toEqual({ options: ['B', 'C', 'D'], correctOption: 1 });
    expect(draft.options[draft.correctOption]).toBe('C');
    expect(removed(four(3), 1)).toEqual({ options: ['A', 'C', 'D'], correctOption: 2 });
  });

  it('keeps the correct index when a later option is removed', () => {
    expect(removed(four(1), 3)).toEqual({ options: ['A', 'B', 'C'], correctOption: 1 });
  });

  it('requires every option to have content before saving', () => {
    expect(validateOptions(newQuestionDraft())).toBe(BLANK_OPTION_MESSAGE);
    expect(BLANK_OPTION_MESSAGE).toBe('All options must have content');
    expect(validateOptions({ options: ['Yes', '   '], correctOption: 0 })).toBe(BLANK_OPTION_MESSAGE);
    expect(validateOptions({ options: ['Yes', 'No'], correctOption: 1 })).toBeNull();
  });

  it('rejects fewer than 2 options and a correct index outside the list', () => {
    expect(validateOptions({ options: ['Only'], correctOption: 0 })).toBe(MIN_OPTIONS_MESSAGE);
    expect(validateOptions({ options: ['A', 'B'], correctOption: 2 })).not.toBeNull();
  });

  it('trims the options it saves', () => {
    expect(finalOptions({ options: [' Relevé ', 'Tendu'], correctOption: 0 })).toEqual(['Relevé', 'Tendu']);
  });
});
