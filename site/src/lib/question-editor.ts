/**
 * The question editor's rules, kept pure so the dialog and its tests share them.
 * The editor's state is the list of option texts and the index of the correct one.
 */

/** A question needs at least 2 options; a new one starts with 2 empty options. */
export const MIN_OPTIONS = 2;

export const MIN_OPTIONS_MESSAGE = 'A question must have at least 2 options';
export const BLANK_OPTION_MESSAGE = 'All options must have content';

export interface QuestionDraft {
  options: string[];
  correctOption: number;
}

/** A new question starts with 2 empty options and the first one marked correct. */
export function newQuestionDraft(): QuestionDraft {
  return { options: Array.from({ length: MIN_OPTIONS }, () => ''), correctOption: 0 };
}

export function addOption(draft: QuestionDraft): QuestionDraft {
  return { ...draft, options: [...draft.options, ''] };
}

export function setOptionText(draft: QuestionDraft, index: number, text: string): QuestionDraft {
  if (index < 0 || index >= draft.options.length) return draft;
  return { ...draft, options: draft.options.map((o, i) => (i === index ? text : o)) };
}

/** One option is marked correct; an index outside the list changes nothing. */
export function markCorrect(draft: QuestionDraft, index: number): QuestionDraft {
  if (index < 0 || index >= draft.options.length) return draft;
  return { ...draft, correctOption: index };
}

/** Removal is disabled at 2 options. */
export function canRemoveOption(draft: QuestionDraft): boolean {
  return draft.options.length > MIN_OPTIONS;
}

export type RemoveResult = { ok: true; draft: QuestionDraft } | { ok: false; error: string };

/**
 * Removes an option. At least 2 must remain ('A question must have at least 2 options').
 * The correct index resets to 0 when the removed option was the correct one, and moves down by
 * one when an earlier option was removed, so it keeps pointing at the same text.
 */
export function removeOption(draft: QuestionDraft, index: number): RemoveResult {
  if (!canRemoveOption(draft)) return { ok: false, error: MIN_OPTIONS_MESSAGE };
  if (index < 0 || index >= draft.options.length) return { ok: true, draft };
  const options = draft.options.filter((_, i) => i !== index);
  let correctOption = draft.correctOption;
  if (index === draft.correctOption) correctOption = 0;
  else if (index < draft.correctOption) correctOption = draft.correctOption - 1;
  return { ok: true, draft: { options, correctOption } };
}

/**
 * The checks before saving: at least 2 options, every option non-blank, and the correct index
 * pointing at one of them. Returns the first message that applies, or null.
 */
export function validateOptions(draft: QuestionDraft): string | null {
  if (draft.options.length < MIN_OPTIONS) return MIN_OPTIONS_MESSAGE;
  if (draft.options.some((o) => o.trim() === '')) return BLANK_OPTION_MESSAGE;
  if (!Number.isInteger(draft.correctOption) || draft.correctOption < 0 || draft.correctOption >= draft.options.length) {
    return 'Mark one option as correct';
  }
  return null;
}

/** The options as saved: trimmed. */
export function finalOptions(draft: QuestionDraft): string[] {
  return draft.options.map((o) => o.trim());
}
