import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { quizSchema, type QuizInput } from '../../../../worker/src/schemas/courses.ts';
import { createQuiz, quizDefaults, type QuizRef } from '../../stores/course-admin.ts';
import { FormActions, NumberField, TextareaField, TextField, type AdminFormProps } from './form-parts.tsx';
import { applyServerErrors, numberOrUndefined } from './form-utils.ts';

type QuizValues = z.output<typeof quizSchema>;

export interface QuizFormProps extends AdminFormProps<QuizRef> {
  lesson: { id: number; title: string };
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
      <FormActions onCancel={onCancel} isSubmitting={isSubmitting} submitLabel={submitLabel ?? 'Create Quiz'} />
    </form>
  );
}
