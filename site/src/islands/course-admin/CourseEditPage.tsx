import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { DIFFICULTY_LEVELS, courseEditPageSchema, type CourseEditPageInput, type CourseEditPageValues } from '../../../../worker/src/schemas/courses.ts';
import FileUploader from '../../components/FileUploader.tsx';
import { imageUrl } from '../../lib/image-url.ts';
import { urlOf } from '../../lib/upload.ts';
import { $auth, loadUser } from '../../stores/auth.ts';
import {
  $categories,
  $editCourse,
  $editSaved,
  $instructors,
  courseIdFromPath,
  instructorLabel,
  instructorOptionLabel,
  isPlatformAdmin,
  loadCategories,
  loadEditCourse,
  loadInstructors,
  loaded,
  quizzesWithoutQuestions,
  REDIRECT_DELAY_MS,
  saveEditCourse,
  type CourseDetail,
} from '../../stores/course-admin.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { FormActions, RequiredPlanField, SelectField, TextareaField, TextField } from './form-parts.tsx';
import { applyServerErrors, numberOrUndefined } from './form-utils.ts';
import '../../styles/course-admin.css';

const FIELDS = [
  'title',
  'short_name',
  'description',
  'detailed_description',
  'price',
  'category_id',
  'instructor_id',
  'difficulty_level',
  'duration',
  'visible',
  'video_url',
  'preview_video_url',
  'image_url',
  'required_level',
] as const;


const DIFFICULTY_LABELS: Record<(typeof DIFFICULTY_LEVELS)[number], string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
};

function nullIfEmpty(value: unknown): number | null {
  return numberOrUndefined(value) ?? null;
}

function valuesOf(course: CourseDetail): CourseEditPageInput {
  return {
    title: course.title ?? '',
    short_name: course.short_name ?? '',
    description: course.description ?? '',
    detailed_description: course.detailed_description ?? '',
    price: String(course.price ?? '0'),
    // The category id, or the first of a categories list.
    category_id: course.category_id ?? course.category?.id ?? null,
    instructor_id: course.instructor_id ?? null,
    difficulty_level: course.difficulty_level ?? 'beginner',
    duration: course.duration ?? '',
    visible: course.visible ?? false,
    video_url: course.video_url ?? '',
    preview_video_url: course.preview_video_url ?? '',
    image_url: course.image_url ?? '',
    required_level: String(course.required_level ?? 0),
  };
}

export interface CourseEditPageProps {
  /** The back link and where the page goes after a save or for a bad id. */
  listHref?: string;
}

/** The admin course edit page — one form, checked on blur, saved with PUT. */
function CourseEditPage({ listHref = '/admin/courses' }: CourseEditPageProps) {
  const state = useStore($editCourse);
  const auth = useStore($auth, { ssr: 'initial' });
  const [courseId, setCourseId] = useState<number | null>(null);

  useEffect(() => {
    const id = courseIdFromPath(location.pathname);
    // A missing or non-numeric id leads back to the list.
    if (id == null) {
      location.replace(listHref);
      return;
    }
    setCourseId(id);
    void loadUser().catch(() => undefined);
    void loadEditCourse(id);
    void loadCategories();
  }, [listHref]);

  const user = auth.status === 'ready' ? auth.user : null;
  const showInstructor = !!user && isPlatformAdmin(user.role);
  useEffect(() => {
    if (showInstructor) void loadInstructors();
  }, [showInstructor]);
  const categoriesState = useStore($categories);
  const instructorsState = useStore($instructors);
  const settled = (s: { status: string }) => s.status === 'ready' || s.status === 'error';
  // The selects are filled from the course only once their options exist: a select whose option
  // arrives after the form is drawn shows (and on blur saves) its empty choice instead.
  const optionsReady = auth.status === 'ready' && settled(categoriesState) && (!showInstructor || settled(instructorsState));

  const back = (
    <a className="ca-back" href={listHref}>
      <span aria-hidden="true">←</span> Back to courses
    </a>
  );

  if (courseId == null || state.status === 'idle' || state.status === 'loading' || (state.status === 'ready' && !optionsReady)) {
    return (
      <div>
        {back}
        <p className="loading" role="status">
          <span className="spinner" aria-hidden="true" />
          Loading course...
        </p>
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div>
        {back}
        <div className="alert alert-error" role="alert">
          <p>{state.message}</p>
        </div>
      </div>
    );
  }
  return (
    <div>
      {back}
      <EditForm key={state.data.id} course={state.data} courseId={courseId} showInstructor={showInstructor} listHref={listHref} />
    </div>
  );
}

function EditForm({ course, courseId, showInstructor, listHref }: { course: CourseDetail; courseId: number; showInstructor: boolean; listHref: string }) {
  const categories = useStore($categories);
  const instructors = loaded(useStore($instructors)) ?? [];
  const saved = useStore($editSaved);

  const {
    register,
    handleSubmit,
    setValue,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CourseEditPageInput, unknown, CourseEditPageValues>({
    resolver: zodResolver(courseEditPageSchema),
    mode: 'onBlur',
    defaultValues: valuesOf(course),
  });

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => location.assign(listHref), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [saved, listHref]);

  const image = watch('image_url');
  const emptyQuizzes = quizzesWithoutQuestions(course);

  const submit = handleSubmit(async (v) => {
    const result = await saveEditCourse(courseId, {
      title: v.title,
      short_name: v.short_name,
      description: v.description,
      detailed_description: v.detailed_description ?? null,
      price: v.price ?? null,
      category_id: v.category_id ?? null,
      ...(showInstructor ? { instructor_id: v.instructor_id ?? null } : {}),
      difficulty_level: v.difficulty_level,
      duration: v.duration ?? null,
      visible: v.visible,
      video_url: v.video_url ?? null,
      preview_video_url: v.preview_video_url ?? null,
      image_url: v.image_url ?? null,
      required_level: v.required_level ?? 0,
    });
    if (!result.ok) applyServerErrors(setError, result.validationErrors, FIELDS);
  });

  const categoryList = loaded(categories) ?? [];

  return (
    <form className="ca-panel ca-form" noValidate onSubmit={(e) => void submit(e)} aria-labelledby="ca-edit-title">
      <h2 id="ca-edit-title" style={{ margin: 0 }}>
        {course.title}
      </h2>
      {saved && (
        <div className="alert alert-success" role="status">
          <p className="alert-title">Course updated successfully</p>
          <p>Redirecting to course list...</p>
        </div>
      )}
      <div className="ca-form-row">
        <TextField label="Title" error={errors.title?.message} required field={register('title')} />
        <TextField label="Short name" error={errors.short_name?.message} required field={register('short_name')} />
      </div>
      <TextareaField label="Description" error={errors.description?.message} required rows={3} field={register('description')} />
      <TextareaField
        label="Detailed description"
        error={errors.detailed_description?.message}
        hint="Optional; shown on the course page."
        rows={6}
        field={register('detailed_description')}
      />
      <div className="ca-form-row">
        <TextField label="Price (USD)" error={errors.price?.message} inputMode="decimal" field={register('price')} />
        <SelectField
          label="Category"
          error={errors.category_id?.message ?? (categories.status === 'error' ? categories.message : undefined)}
          field={register('category_id', { setValueAs: nullIfEmpty })}
        >
          <option value="">No category</option>
          {categoryList.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Difficulty level"
          error={errors.difficulty_level?.message}
          field={register('difficulty_level')}
          options={DIFFICULTY_LEVELS}
          labels={DIFFICULTY_LABELS}
        />
        <TextField label="Duration" error={errors.duration?.message} hint="e.g. 6 weeks or 12 hours" field={register('duration')} />
        <RequiredPlanField error={errors.required_level?.message} field={register('required_level')} />
      </div>
      {showInstructor && (
        <SelectField label="Instructor" error={errors.instructor_id?.message} field={register('instructor_id', { setValueAs: nullIfEmpty })}>
          <option value="">No instructor</option>
          {course.instructor_id != null && !instructors.some((i) => i.id === course.instructor_id) && (
            <option value={course.instructor_id}>{instructorLabel(course)}</option>
          )}
          {instructors.map((i) => (
            <option key={i.id} value={i.id}>
              {instructorOptionLabel(i)}
            </option>
          ))}
        </SelectField>
      )}
      <label className="check ca-switch">
        <input type="checkbox" role="switch" {...register('visible')} aria-describedby={emptyQuizzes.length > 0 ? 'ca-publish-blocked' : undefined} />
        Visible (published in the catalog)
      </label>
      {emptyQuizzes.length > 0 && (
        <p id="ca-publish-blocked" className="alert alert-warning" role="note">
          This course cannot be published yet: a quiz without questions cannot be passed. Add questions to{' '}
          {emptyQuizzes.map((q) => `“${q.title}” (lesson “${q.lessonTitle}”)`).join(', ')} or delete {emptyQuizzes.length === 1 ? 'it' : 'them'}.
        </p>
      )}
      <div className="ca-form-row">
        <TextField label="Video URL" error={errors.video_url?.message} type="url" field={register('video_url')} />
        <TextField label="Preview video URL" error={errors.preview_video_url?.message} type="url" field={register('preview_video_url')} />
      </div>
      <fieldset className="ca-image-picker">
        <legend className="label">Course image</legend>
        {image ? <img className="ca-image-preview" src={imageUrl(image)} alt="Current course image" /> : null}
        <TextField label="Image URL" error={errors.image_url?.message} hint="Optional; upload an image or paste its address." field={register('image_url')} />
        <FileUploader
          accept="image/*"
          maxSizeMB={5}
          label="Choose image"
          fields={{ resource_type: 'image', folder: 'images' }}
          onUploaded={(results) => {
            const url = urlOf(results[0]?.response) ?? results[0]?.url;
            if (url) setValue('image_url', url, { shouldDirty: true, shouldValidate: true });
          }}
        />
      </fieldset>
      <FormActions cancelHref={listHref} isSubmitting={isSubmitting} disabled={saved} submitLabel="Save Changes" />
    </form>
  );
}

export default withErrorBoundary(CourseEditPage);
