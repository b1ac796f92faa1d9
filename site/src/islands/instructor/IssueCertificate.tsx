import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { issueCertificateSchema, type IssueCertificateInput } from '../../../../worker/src/schemas/learning.ts';
import FormField from '../../components/FormField.tsx';
import { loaded } from '../../stores/course-admin.ts';
import { $courseEnrollments, $defaultTemplateId, initDefaultTemplate, $myCourses, $templates, issueCertificate, learnerName, loadCourseEnrollments, loadMyCourses, loadTemplates } from '../../stores/instructor.ts';
import { type CertificateSummary } from '../../../../shared/certificates.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { applyServerErrors, numberOrUndefined } from '../course-admin/form-utils.ts';
import InstructorAccess from './InstructorAccess.tsx';

type IssueValues = z.output<typeof issueCertificateSchema>;

function IssueForm() {
  const coursesState = useStore($myCourses);
  const courses = useMemo(() => loaded(coursesState) ?? [], [coursesState]);
  const enrollmentsState = useStore($courseEnrollments);
  const templatesState = useStore($templates);
  const templates = useMemo(() => loaded(templatesState) ?? [], [templatesState]);
  const [issued, setIssued] = useState<CertificateSummary | null>(null);
  const preselectedUser = useRef<number | null>(null);
  const preselectedCourse = useRef<number | null>(null);

  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<IssueCertificateInput, unknown, IssueValues>({ resolver: zodResolver(issueCertificateSchema) });

  useEffect(() => {
    void loadMyCourses();
    void loadTemplates();
    initDefaultTemplate();
    const params = new URLSearchParams(location.search);
    const course = numberOrUndefined(params.get('courseId') ?? '');
    const user = numberOrUndefined(params.get('userId') ?? '');
    if (course && Number.isInteger(course)) preselectedCourse.current = course;
    if (user && Number.isInteger(user)) preselectedUser.current = user;
  }, [setValue]);

  useEffect(() => {
    const wanted = preselectedCourse.current;
    if (wanted != null && courses.some((c) => c.id === wanted)) {
      setValue('courseId', wanted);
      preselectedCourse.current = null;
    }
  }, [courses, setValue]);

  // The instructor's default template (settings) is preselected once the list is there.
  useEffect(() => {
    const preferred = $defaultTemplateId.get();
    if (preferred != null && templates.some((t) => t.id === preferred)) setValue('templateId', preferred);
  }, [templates, setValue]);

  const courseId = watch('courseId');
  useEffect(() => {
    void loadCourseEnrollments(typeof courseId === 'number' && Number.isInteger(courseId) ? courseId : null);
  }, [courseId]);

  const learners = useMemo(() => loaded(enrollmentsState) ?? [], [enrollmentsState]);
  // A learner given in the address (?userId=, from the students page) is chosen once the course's learners are there.
  useEffect(() => {
    const wanted = preselectedUser.current;
    if (wanted != null && learners.some((e) => e.user_id === wanted)) {
      setValue('userId', wanted);
      preselectedUser.current = null;
    }
  }, [learners, setValue]);

  const submit = handleSubmit(async (v) => {
    setIssued(null);
    const result = await issueCertificate({ userId: v.userId, courseId: v.courseId, templateId: v.templateId ?? undefined });
    if (result.ok) setIssued(result.data);
    else applyServerErrors(setError, result.validationErrors, ['userId', 'courseId', 'templateId']);
  });

  return (
    <form className="ca-panel ca-form" noValidate onSubmit={(e) => void submit(e)} aria-label="Issue a certificate">
      {issued && (
        <div className="alert alert-success" role="status">
          <p className="alert-title">Certificate issued</p>
          <p>
            {issued.learner_name} holds certificate <a href={`/certificates/${issued.id}`}>{issued.code}</a> for “{issued.course_title}”.
          </p>
        </div>
      )}
      <FormField label="Course" error={errors.courseId?.message} required>
        <select {...register('courseId', { setValueAs: numberOrUndefined })}>
          <option value="">Select a course</option>
          {courses.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        label="Learner"
        error={errors.userId?.message ?? (enrollmentsState.status === 'error' ? enrollmentsState.message : undefined)}
        required
        hint={courseId ? (learners.length === 0 && enrollmentsState.status === 'ready' ? 'No one is enrolled in this course yet.' : 'Learners enrolled in the course.') : 'Choose a course first.'}
      >
        <select {...register('userId', { setValueAs: numberOrUndefined })} disabled={!courseId}>
          <option value="">Select a learner</option>
          {learners.map((e) => (
            <option key={e.id} value={e.user_id}>
              {learnerName(e.user)} ({e.progress_percent}%{e.certificate ? ', has a certificate' : ''})
            </option>
          ))}
        </select>
      </FormField>
      <FormField label="Template" error={errors.templateId?.message} hint="Optional; the course's template or the default otherwise.">
        <select {...register('templateId', { setValueAs: (v) => numberOrUndefined(v) ?? null })}>
          <option value="">Course default</option>
          {templates.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
              {t.is_default ? ' (default)' : ''}
            </option>
          ))}
        </select>
      </FormField>
      <div className="drx-dialog-actions">
        <a className="btn btn-secondary" href="/instructor/certificates">
          Back to certificates
        </a>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Issuing...' : 'Issue Certificate'}
        </button>
      </div>
    </form>
  );
}

/** /instructor/certificates/issue: issue a certificate by hand for a learner of my course. */
function IssueCertificate() {
  return <InstructorAccess>{() => <IssueForm />}</InstructorAccess>;
}

export default withErrorBoundary(IssueCertificate);
