import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { quizSchema, type QuizInput } from '../../../../worker/src/schemas/courses.ts';
import FormField from '../../components/FormField.tsx';
import { createQuiz, quizDefaults, type QuizRef } from '../../stores/course-admin.ts';
import { applyServerErrors, numberOrUndefined } from './form-utils.ts';

type QuizValues = z.output<typeof quizSchema>;

export interface QuizFormProps {
  lesson: { id: number; title: string };
  submitLabel?: string;
  onCancel?: () => void;
  onSaved?: (quiz: QuizRef) => void;
}

/** The create quiz form; §9 defaults 'Quiz for {lesson title}', 'Test your knowledge of this lesson', 70. */
export default function QuizForm({ lesson, submitLabel, onCancel, onSaved }: QuizFormProps) {
  const defaults = quizDefaults(lesson);
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
    const result = await createQuiz({ title: values.title, description: values.description, passScore: values.passScore, lessonId: lesson.id });
    if (result.ok) onSaved?.(result.data);
    else applyServerErrors(setError, result.validationErrors, ['title', 'description', 'passScore']);
  });

  return (
    <form className="ca-form" noValidate onSubmit={(e) => void submit(e)}>
      <FormField label="Quiz title" error={errors.title?.message} required>
        <input type="text" autoComplete="off" {...register('title')} />
      </FormField>
      <FormField label="Quiz description" error={errors.description?.message} required>
        <textarea rows={3} {...register('description')} />
      </FormField>
      <FormField label="Pass score (%)" error={errors.passScore?.message} hint="1 to 100">
        <input type="number" min={1} max={100} step={1} {...register('passScore', { setValueAs: numberOrUndefined })} />
      </FormField>
      <div className="drx-dialog-actions">
        {onCancel && (
          <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </button>
        )}
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : (submitLabel ?? 'Create Quiz')}
        </button>
      </div>
    </form>
  );
}
