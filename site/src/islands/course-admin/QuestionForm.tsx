import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { OPTIONS_MAX, questionSchema, type QuestionInput } from '../../../../worker/src/schemas/courses.ts';
import {
  addOption,
  canRemoveOption,
  markCorrect,
  MIN_OPTIONS_MESSAGE,
  newQuestionDraft,
  removeOption,
  setOptionText,
  validateOptions,
  type QuestionDraft,
} from '../../lib/question-editor.ts';
import { addQuestion, type QuizQuestion } from '../../stores/course-admin.ts';
import { FormActions, TextareaField, type AdminFormProps } from './form-parts.tsx';
import { applyServerErrors, messageOf } from './form-utils.ts';

type QuestionValues = z.output<typeof questionSchema>;

export interface QuestionFormProps extends AdminFormProps<QuizQuestion> {
  quizId: number;
}

/**
 * The add question form with the question editor: 2 empty options to start, option 0
 * correct, removal disabled at 2, every option filled before saving (rules in lib/question-editor).
 */
export default function QuestionForm({ quizId, submitLabel, onCancel, onSaved }: QuestionFormProps) {
  const groupName = useId();
  const [draft, setDraft] = useState<QuestionDraft>(newQuestionDraft);
  const [optionsError, setOptionsError] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    setValue,
    setError,
    reset,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<QuestionInput, unknown, QuestionValues>({
    resolver: zodResolver(questionSchema),
    defaultValues: { question: '', ...newQuestionDraft(), quizId },
  });

  function update(next: QuestionDraft) {
    setDraft(next);
    setValue('options', next.options, { shouldValidate: isSubmitted });
    setValue('correctOption', next.correctOption, { shouldValidate: isSubmitted });
    if (optionsError) setOptionsError(validateOptions(next));
  }

  function remove(index: number) {
    const result = removeOption(draft, index);
    if (!result.ok) {
      setOptionsError(result.error);
      return;
    }
    update(result.draft);
  }

  const submit = handleSubmit(
    async (values) => {
      const problem = validateOptions(draft);
      if (problem) {
        setOptionsError(problem);
        return;
      }
      const result = await addQuestion({ question: values.question, options: values.options, correctOption: values.correctOption, quizId });
      if (result.ok) {
        const fresh = newQuestionDraft();
        setDraft(fresh);
        setOptionsError(null);
        reset({ question: '', ...fresh, quizId });
        onSaved?.(result.data);
      } else {
        applyServerErrors(setError, result.validationErrors, ['question', 'options', 'correctOption']);
      }
    },
    () => setOptionsError(validateOptions(draft)),
  );

  const shownOptionsError = optionsError ?? messageOf(errors.options) ?? messageOf(errors.correctOption);
  const removable = canRemoveOption(draft);

  return (
    <form className="ca-form" noValidate onSubmit={(e) => void submit(e)}>
      <TextareaField label="Question" error={errors.question?.message} required rows={2} field={register('question')} />
      <fieldset className="ca-options" aria-describedby={`${groupName}-hint`}>
        <legend className="label">Options (select the correct answer)</legend>
        {draft.options.map((option, i) => (
          <div className="ca-option" key={i}>
            <input
              type="radio"
              name={groupName}
              checked={draft.correctOption === i}
              onChange={() => update(markCorrect(draft, i))}
              aria-label={`Option ${i + 1} is correct`}
            />
            <input
              type="text"
              value={option}
              aria-label={`Option ${i + 1}`}
              placeholder={`Option ${i + 1}`}
              aria-invalid={optionsError && option.trim() === '' ? true : undefined}
              onChange={(e) => update(setOptionText(draft, i, e.currentTarget.value))}
            />
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => remove(i)}
              disabled={!removable}
              aria-label={`Remove option ${i + 1}`}
              title={removable ? `Remove option ${i + 1}` : MIN_OPTIONS_MESSAGE}
            >
              Remove
            </button>
          </div>
        ))}
        <p id={`${groupName}-hint`} className="hint">
          {removable ? 'Mark the correct answer with the round button.' : `${MIN_OPTIONS_MESSAGE}.`}
        </p>
        {shownOptionsError && (
          <p className="field-error" role="alert">
            {shownOptionsError}
          </p>
        )}
        <div>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => update(addOption(draft))} disabled={draft.options.length >= OPTIONS_MAX}>
            Add Option
          </button>
        </div>
      </fieldset>
      <FormActions onCancel={onCancel} isSubmitting={isSubmitting} submitLabel={submitLabel ?? 'Add Question'} />
    </form>
  );
}
