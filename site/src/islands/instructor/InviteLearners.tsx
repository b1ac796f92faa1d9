import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { invitationSchema } from '../../../../worker/src/schemas/invitations.ts';
import FormField from '../../components/FormField.tsx';
import type { AdminCourseItem } from '../../stores/course-admin.ts';
import { $sentInvitations, cancelInvitation, inviteLearner, loadSentInvitations } from '../../stores/invitations.ts';
import { type InvitationView } from '../../../../shared/invitations.ts';
import { formatDate } from '../admin/AdminStates.tsx';
import { DataTable } from '../course-admin/list-parts.tsx';

const inviteFormSchema = invitationSchema.extend({
  courseId: z.number({ error: 'Choose a course' }).int().positive('Choose a course'),
});
type InviteFormInput = z.input<typeof inviteFormSchema>;
type InviteFormValues = z.output<typeof inviteFormSchema>;

const STATUS_BADGES: Record<InvitationView['status'], string> = {
  pending: 'badge badge-primary',
  accepted: 'badge badge-success',
  declined: 'badge badge-danger',
  cancelled: 'badge',
};

const STATUS_LABELS: Record<InvitationView['status'], string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  declined: 'Declined',
  cancelled: 'Withdrawn',
};

/**
 * /instructor/students: "Invite learner by email" and the invitations sent (decision 0013). The
 * learner is enrolled only when they accept, in their own account.
 */
export default function InviteLearners({ courses, courseId }: { courses: AdminCourseItem[]; courseId: number | 'all' }) {
  const state = useStore($sentInvitations);
  const open = courses.filter((c) => c.status !== 'archived');
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<InviteFormInput, unknown, InviteFormValues>({ resolver: zodResolver(inviteFormSchema) });

  useEffect(() => {
    void loadSentInvitations();
  }, []);

  useEffect(() => {
    if (courseId !== 'all') setValue('courseId', courseId);
  }, [courseId, setValue]);

  const submit = handleSubmit(async (v) => {
    const result = await inviteLearner(v.courseId, v.email);
    if (result.ok) reset({ courseId: v.courseId, email: '' });
    else setError('email', { message: result.message });
  });

  const sent = state.status === 'ready' ? state.data.filter((i) => courseId === 'all' || i.course.id === courseId) : [];

  return (
    <section className="ca-panel ca-stack" aria-labelledby="invite-heading" style={{ gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <h2 id="invite-heading" className="admin-section-title">
        Invite learner by email
      </h2>
      <p className="muted">The learner sees the invitation in My Courses (and gets an email) and is enrolled once they accept. Draft courses can be piloted this way.</p>
      <form className="ca-inline-form" noValidate onSubmit={(e) => void submit(e)} aria-label="Invite learner by email">
        <FormField label="Course" error={errors.courseId?.message} required>
          <select {...register('courseId', { setValueAs: (v: string) => (v === '' ? undefined : Number(v)) })}>
            <option value="">Select a course</option>
            {open.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
                {c.status === 'draft' ? ' (draft)' : ''}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Learner's email" error={errors.email?.message} required>
          <input type="email" autoComplete="off" placeholder="learner@example.com" {...register('email')} />
        </FormField>
        <div className="field">
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting ? 'Inviting...' : 'Invite'}
          </button>
        </div>
      </form>

      {state.status === 'error' && (
        <p className="alert alert-error" role="alert">
          {state.message}
        </p>
      )}
      {state.status === 'ready' && sent.length === 0 && <p className="muted">No invitations sent yet.</p>}
      {sent.length > 0 && (
        <DataTable caption="Invitations" columns={['Email', 'Course', 'Sent', 'Status']} actions>
          {sent.map((i) => (
            <tr key={i.id}>
              <th scope="row">{i.email}</th>
              <td>{i.course.title}</td>
              <td>{formatDate(i.created_at)}</td>
              <td>
                <span className={STATUS_BADGES[i.status]}>{STATUS_LABELS[i.status]}</span>
              </td>
              <td>
                {i.status === 'pending' && (
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => void cancelInvitation(i.id)}>
                    Withdraw<span className="visually-hidden"> the invitation of {i.email}</span>
                  </button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
