import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { moduleSchema, type ModuleInput } from '../../../../worker/src/schemas/courses.ts';
import type { z } from 'zod';
import { positionOf, saveModule, type ModuleView } from '../../stores/course-admin.ts';
import { FormActions, NumberField, TextareaField, TextField, type AdminFormProps } from './form-parts.tsx';
import { applyServerErrors, numberOrUndefined } from './form-utils.ts';

type ModuleValues = z.output<typeof moduleSchema>;

export interface ModuleFormProps extends AdminFormProps<number> {
  courseId: number;
  module?: ModuleView;
  /** The default position of a new module is the last one plus one. */
  defaultPosition: number;
}

/** The create/edit module form (title 3+, description 10+, position 1+). */
export default function ModuleForm({ courseId, module, defaultPosition, submitLabel, onCancel, onSaved }: ModuleFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ModuleInput, unknown, ModuleValues>({
    resolver: zodResolver(moduleSchema),
    defaultValues: {
      title: module?.title ?? '',
      description: module?.description ?? '',
      position: module ? positionOf(module) : defaultPosition,
      courseId,
    },
  });

  const submit = handleSubmit(async (values) => {
    const result = await saveModule(
      { title: values.title, description: values.description, position: values.position ?? defaultPosition, courseId },
      module?.id ?? null,
    );
    if (result.ok) {
      if (!module) reset({ title: '', description: '', position: defaultPosition + 1, courseId });
      onSaved?.(result.data.id);
    } else applyServerErrors(setError, result.validationErrors, ['title', 'description', 'position']);
  });

  return (
    <form className="ca-form" noValidate onSubmit={(e) => void submit(e)}>
      <TextField label="Module title" error={errors.title?.message} required field={register('title')} />
      <TextareaField label="Module description" error={errors.description?.message} required rows={3} field={register('description')} />
      <NumberField label="Position" error={errors.position?.message} min={1} field={register('position', { setValueAs: numberOrUndefined })} />
      <FormActions onCancel={onCancel} isSubmitting={isSubmitting} submitLabel={submitLabel ?? (module ? 'Update Module' : 'Create Module')} />
    </form>
  );
}
