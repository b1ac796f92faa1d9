import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { LESSON_TYPES, lessonSchema, type LessonInput } from '../../../../worker/src/schemas/courses.ts';
import { LESSON_TYPE_LABELS, positionOf, saveLesson, type LessonType, type LessonView } from '../../stores/course-admin.ts';
import { FormActions, NumberField, SelectField, TextareaField, TextField, type AdminFormProps } from './form-parts.tsx';
import LessonVideoUpload from './LessonVideoUpload.tsx';
import { applyServerErrors, numberOrUndefined } from './form-utils.ts';

type LessonValues = z.output<typeof lessonSchema>;

const CONTENT_LABELS: Record<LessonType, { label: string; hint: string }> = {
  text: { label: 'Content', hint: 'Markdown: headings, lists, links and emphasis.' },
  video: { label: 'Video URL or embed code', hint: 'A YouTube or Vimeo link, an uploaded video URL or embed code, or upload a file below.' },
  quiz: { label: 'Quiz instructions', hint: 'What the learner should know before starting the quiz.' },
};

export interface LessonFormProps extends AdminFormProps<number> {
  moduleId: number;
  lesson?: LessonView;
  defaultPosition: number;
}

/** The create/edit lesson form (checked before saving; type text by default, video or quiz). */
export default function LessonForm({ moduleId, lesson, defaultPosition, submitLabel, onCancel, onSaved }: LessonFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<LessonInput, unknown, LessonValues>({
    resolver: zodResolver(lessonSchema),
    defaultValues: {
      title: lesson?.title ?? '',
      description: lesson?.description ?? '',
      content: lesson?.content ?? '',
      position: lesson ? positionOf(lesson) : defaultPosition,
      moduleId,
      type: lesson?.type ?? 'text',
    },
  });
  const type = (watch('type') ?? 'text') as LessonType;
  const content = CONTENT_LABELS[type] ?? CONTENT_LABELS.text;

  const submit = handleSubmit(async (values) => {
    const result = await saveLesson(
      {
        title: values.title,
        description: values.description,
        content: values.content,
        position: values.position ?? defaultPosition,
        moduleId,
        type: values.type,
      },
      lesson?.id ?? null,
    );
    if (result.ok) {
      if (!lesson) reset({ title: '', description: '', content: '', position: defaultPosition + 1, moduleId, type: 'text' });
      onSaved?.(result.data.id);
    } else applyServerErrors(setError, result.validationErrors, ['title', 'description', 'content', 'position', 'type']);
  });

  return (
    <form className="ca-form" noValidate onSubmit={(e) => void submit(e)}>
      <TextField label="Lesson title" error={errors.title?.message} required field={register('title')} />
      <TextareaField label="Lesson description" error={errors.description?.message} required rows={3} field={register('description')} />
      <div className="ca-form-row">
        <SelectField label="Lesson type" error={errors.type?.message} field={register('type')} options={LESSON_TYPES} labels={LESSON_TYPE_LABELS} />
        <NumberField label="Position" error={errors.position?.message} min={1} field={register('position', { setValueAs: numberOrUndefined })} />
      </div>
      <TextareaField
        label={content.label}
        hint={content.hint}
        error={errors.content?.message}
        required
        rows={type === 'text' ? 8 : 3}
        field={register('content')}
      />
      {type === 'video' && <LessonVideoUpload onUploaded={(url) => setValue('content', url, { shouldDirty: true, shouldValidate: true })} />}
      <FormActions onCancel={onCancel} isSubmitting={isSubmitting} submitLabel={submitLabel ?? (lesson ? 'Update Lesson' : 'Create Lesson')} />
    </form>
  );
}
