import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import {
  COURSE_STATUSES,
  courseDialogSchema,
  courseWizardSchema,
  DIFFICULTY_LEVELS,
  type CourseWizardInput,
  type CourseWizardValues,
} from '../../../../worker/src/schemas/courses.ts';
import FormField from '../../components/FormField.tsx';
import { levelLabel } from '../../lib/catalog.ts';
import { imageUrl } from '../../lib/image-url.ts';
import {
  $imageUpload,
  $imageUploadError,
  checkCourseImage,
  COURSE_IMAGE_MAX_MB,
  COURSE_STATUS_LABELS,
  instructorOptionLabel,
  saveCourse,
  uploadImageNow,
  type AdminCourseItem,
  type CategoryOption,
  type CourseStatus,
  type InstructorOption,
} from '../../stores/course-admin.ts';
import { toast } from '../../stores/toasts.ts';
import { FormActions, RequiredPlanField, SelectField, TextareaField, TextField, type AdminFormProps } from './form-parts.tsx';
import { applyServerErrors, numberOrUndefined } from './form-utils.ts';

const FIELDS = ['title', 'description', 'price', 'status', 'instructorId', 'fullVideoUrl', 'previewVideoUrl', 'category_id', 'difficulty_level', 'detailed_description', 'required_level'] as const;


const LEVEL_LABELS = Object.fromEntries(DIFFICULTY_LEVELS.map((l) => [l, levelLabel(l)])) as Record<(typeof DIFFICULTY_LEVELS)[number], string>;

export interface CourseFormProps extends AdminFormProps<number> {
  /** The course being edited; a new course otherwise. */
  course?: AdminCourseItem;
  /** Only ADMIN sees the instructor selector. */
  showInstructor: boolean;
  instructors: readonly InstructorOption[];
  /** Hide the status (the wizard publishes in its last step). */
  hideStatus?: boolean;
  /** The wizard also asks for the dance style, level and About text (the edit page has them too). */
  details?: { categories: readonly CategoryOption[]; categoriesError?: string };
}

const UPLOAD_STATE_TEXT = {
  idle: '',
  uploading: 'Uploading...',
  success: 'Image uploaded.',
  failed: 'Image upload failed.',
} as const;

/** The create/edit course form (title, description, price, status, instructor, videos, image). */
export default function CourseForm({ course, showInstructor, instructors, hideStatus, details, submitLabel, onCancel, onSaved }: CourseFormProps) {
  const uploadState = useStore($imageUpload);
  const uploadError = useStore($imageUploadError);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const lastFullUrl = useRef(course?.fullVideoUrl ?? '');

  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CourseWizardInput, unknown, CourseWizardValues>({
    // Without the details, the dialog's schema: the wizard-only fields are then not asked for.
    resolver: zodResolver((details ? courseWizardSchema : courseDialogSchema) as typeof courseWizardSchema),
    defaultValues: {
      title: course?.title ?? '',
      description: course?.description ?? '',
      // A new course costs '0' and starts as a draft.
      price: course ? String(course.price ?? '0') : '0',
      status: course?.status ?? 'draft',
      instructorId: course?.instructorId ?? undefined,
      fullVideoUrl: course?.fullVideoUrl ?? '',
      previewVideoUrl: course?.previewVideoUrl ?? '',
      difficulty_level: 'beginner',
      detailed_description: '',
      required_level: String(course?.requiredLevel ?? 0),
    },
  });

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  function chooseFile(e: ChangeEvent<HTMLInputElement>) {
    const chosen = e.currentTarget.files?.[0] ?? null;
    if (!chosen) {
      setFile(null);
      setFileError(null);
      return;
    }
    const problem = checkCourseImage(chosen);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      setFileError(problem.description);
      setFile(null);
      e.currentTarget.value = '';
      return;
    }
    setFileError(null);
    setFile(chosen);
  }

  function clearFile() {
    setFile(null);
    setFileError(null);
    if (fileInput.current) fileInput.current.value = '';
  }

  async function uploadNow() {
    if (!course) return;
    if (!file) {
      // Uploading with no file chosen.
      const problem = checkCourseImage(null)!;
      toast({ ...problem, variant: 'destructive' });
      setFileError(problem.description);
      return;
    }
    if (await uploadImageNow(course.id, file)) clearFile();
  }

  const fullVideo = register('fullVideoUrl', {
    // The preview follows the full video URL while it is empty (or still a copy of it).
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const value = e.target.value;
      const previewNow = getValues('previewVideoUrl') ?? '';
      if (previewNow === '' || previewNow === lastFullUrl.current) setValue('previewVideoUrl', value);
      lastFullUrl.current = value;
    },
  });

  const submit = handleSubmit(async (values) => {
    const payload = {
      title: values.title,
      description: values.description,
      price: values.price,
      status: hideStatus && !course ? ('draft' as CourseStatus) : values.status,
      ...(showInstructor && values.instructorId ? { instructorId: values.instructorId } : {}),
      fullVideoUrl: values.fullVideoUrl ?? null,
      previewVideoUrl: values.previewVideoUrl ?? null,
      required_level: values.required_level ?? 0,
      ...(details
        ? { category_id: values.category_id, difficulty_level: values.difficulty_level, detailed_description: values.detailed_description ?? null }
        : {}),
    };
    const result = await saveCourse(payload, course?.id ?? null, file);
    if (result.ok) {
      clearFile();
      onSaved?.(result.data.id);
    } else {
      applyServerErrors(setError, result.validationErrors, FIELDS);
    }
  });

  const currentImage = course?.imageUrl ? imageUrl(course.imageUrl) : null;

  return (
    <form className="ca-form" noValidate onSubmit={(e) => void submit(e)}>
      <TextField label="Title" error={errors.title?.message} required field={register('title')} />
      <TextareaField label="Description" error={errors.description?.message} required rows={4} field={register('description')} />
      {details && (
        <>
          <div className="ca-form-row">
            <SelectField
              label="Dance style"
              error={errors.category_id?.message ?? details.categoriesError}
              required
              hint="Learners filter the catalog by style"
              field={register('category_id', { setValueAs: numberOrUndefined })}
            >
              <option value="">Choose a style</option>
              {details.categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </SelectField>
            <SelectField label="Level" error={errors.difficulty_level?.message} field={register('difficulty_level')} options={DIFFICULTY_LEVELS} labels={LEVEL_LABELS} />
          </div>
          <TextareaField
            label="Detailed description"
            error={errors.detailed_description?.message}
            hint="Optional: the About section of the course page"
            rows={6}
            field={register('detailed_description')}
          />
        </>
      )}
      <div className="ca-form-row">
        <TextField label="Price (USD)" error={errors.price?.message} hint="0 for a free course" inputMode="decimal" field={register('price')} />
        {!hideStatus && (
          <SelectField label="Status" error={errors.status?.message} field={register('status')} options={COURSE_STATUSES} labels={COURSE_STATUS_LABELS} />
        )}
        <RequiredPlanField error={errors.required_level?.message} field={register('required_level')} />
      </div>
      {showInstructor && (
        <SelectField
          label="Instructor"
          error={errors.instructorId?.message}
          hint="Leave empty to teach it yourself"
          field={register('instructorId', { setValueAs: numberOrUndefined })}
        >
          <option value="">Select an instructor</option>
          {course?.instructorId != null && !instructors.some((i) => i.id === course.instructorId) && (
            <option value={course.instructorId}>{course.instructorName ?? `Instructor #${course.instructorId}`}</option>
          )}
          {instructors.map((i) => (
            <option key={i.id} value={i.id}>
              {instructorOptionLabel(i)}
            </option>
          ))}
        </SelectField>
      )}
      <TextField label="Full video URL" error={errors.fullVideoUrl?.message} hint="Optional: a video link for enrolled learners" type="url" field={fullVideo} />
      <TextField
        label="Preview video URL"
        error={errors.previewVideoUrl?.message}
        hint="Optional: shown on the course page to everyone"
        type="url"
        field={register('previewVideoUrl')}
      />

      <fieldset className="ca-image-picker">
        <legend className="label">Course image (optional)</legend>
        {(preview || currentImage) && (
          <img className="ca-image-preview" src={preview ?? currentImage!} alt={preview ? 'Preview of the chosen image' : 'Current course image'} />
        )}
        <FormField label="Choose image" hint={`Images only, up to ${COURSE_IMAGE_MAX_MB} MB.`} error={fileError ?? undefined}>
          <input ref={fileInput} type="file" accept="image/*" onChange={chooseFile} />
        </FormField>
        <div className="cluster">
          {course && (
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => void uploadNow()} disabled={uploadState === 'uploading'}>
              Upload Image
            </button>
          )}
          {file && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={clearFile}>
              Clear
            </button>
          )}
          <span className="ca-upload-state" data-state={uploadState} role="status">
            {UPLOAD_STATE_TEXT[uploadState]}
            {uploadState === 'failed' && uploadError ? ` ${uploadError}` : ''}
          </span>
        </div>
      </fieldset>

      <FormActions onCancel={onCancel} isSubmitting={isSubmitting} submitLabel={submitLabel ?? (course ? 'Update Course' : 'Create Course')} />
    </form>
  );
}
