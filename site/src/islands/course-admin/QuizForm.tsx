import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { MAX_ATTEMPT_WAIT_MINUTES, MAX_QUIZ_ATTEMPTS, QUIZ_REVEAL_POLICIES, quizSchema, type QuizInput } from '../../../../worker/src/schemas/courses.ts';
import { createQuiz, quizDefaults, quizValues, updateQuiz, type QuizDetail, type QuizRef } from '../../stores/course-admin.ts';
import FormField from '../../components/FormField.tsx';
import { FormActions, NumberField, SelectField, TextareaField, TextField, type AdminFormProps } from './form-parts.tsx';
import { applyServerErrors, numberOrUndefined } from './form-utils.ts';

type QuizValues = z.output<typeof quizSchema>;

const REVEAL_LABELS: Record<(typeof QUIZ_REVEAL_POLICIES)[number], string> = {
  after_pass: 'After the learner passes',
  never: 'Never',
};

/** An empty attempts field means unlimited (null), not "missing". */
const attemptsOrNull = (value: unknown) => numberOrUndefined(value) ?? null;

export interface QuizFormProps extends AdminFormProps<QuizRef | QuizDetail> {
  lesson: { id: number; title: string };
  /** Editing a stored quiz; without it the form creates one. */
  quiz?: QuizDetail;
}

/**
 * The create / edit quiz form; its defaults are 'Quiz for {lesson title}', 'Test your knowledge of
 * this lesson', 70, and the attempt rules of decision 0012 (unlimited, no wait, in order,
 * answers shown after a pass).
 */
export default function QuizForm({ lesson, quiz, submitLabel, onCancel, onSaved }: QuizFormProps) {
  const defaults = quiz ? quizValues(quiz) : quizDefaults(lesson);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<QuizInput, unknown, QuizValues>({
    resolver: zodResolver(quizSchema),
    defaultValues: defaults,
  });

  const submit = handleSubmit(async (values) => {
    const payload = {
      title: values.title,
      description: values.description,
      passScore: values.passScore,
      maxAttempts: values.maxAttempts,
      attemptWaitMinutes: values.attemptWaitMinutes,
      shuffleQuestions: values.shuffleQuestions,
      revealAnswers: values.revealAnswers,
    };
    const result = quiz ? await updateQuiz(quiz.id, payload) : await createQuiz({ ...payload, lessonId: lesson.id });
    if (result.ok) onSaved?.(result.data);
    else
      applyServerErrors(setError, result.validationErrors, [
        'title',
        'description',
        'passScore',
        'maxAttempts',
        'attemptWaitMinutes',
        'shuffleQuestions',
        'revealAnswers',
      ]);
  });

  return (
    <form className="ca-form" noValidate onSubmit={(e) => void submit(e)}>
      <TextField label="Quiz title" error={errors.title?.message} required field={register('title')} />
      <TextareaField label="Quiz description" error={errors.description?.message} required rows={3} field={register('description')} />
      <NumberField
        label="Pass score (%)"
        error={errors.passScore?.message}
        hint="1 to 100"
        min={1}
        max={100}
        field={register('passScore', { setValueAs: numberOrUndefined })}
      />
      <fieldset className="ca-fieldset">
        <legend>Attempts</legend>
        <NumberField
          label="Attempts allowed"
          error={errors.maxAttempts?.message}
          hint={`Leave empty for unlimited (at most ${MAX_QUIZ_ATTEMPTS})`}
          min={1}
          max={MAX_QUIZ_ATTEMPTS}
          field={register('maxAttempts', { setValueAs: attemptsOrNull })}
        />
        <NumberField
          label="Wait between attempts (minutes)"
          error={errors.attemptWaitMinutes?.message}
          hint="After a failed attempt; 0 for no wait"
          min={0}
          max={MAX_ATTEMPT_WAIT_MINUTES}
          field={register('attemptWaitMinutes', { setValueAs: numberOrUndefined })}
        />
        <FormField label="Shuffle questions" hint="Each attempt gets its own question order" error={errors.shuffleQuestions?.message}>
          <input type="checkbox" {...register('shuffleQuestions')} />
        </FormField>
        <SelectField
          label="Show correct answers"
          error={errors.revealAnswers?.message}
          hint="Learners always see which of their answers were right or wrong"
          options={QUIZ_REVEAL_POLICIES}
          labels={REVEAL_LABELS}
          field={register('revealAnswers')}
        />
      </fieldset>
      <FormActions onCancel={onCancel} isSubmitting={isSubmitting} submitLabel={submitLabel ?? (quiz ? 'Save Quiz' : 'Create Quiz')} />
    </form>
  );
}
