import type { FetcherValue } from '@nanostores/query';
import { atom } from 'nanostores';
import type { InvitationView, MyInvitation } from '../../../shared/invitations.ts';
import { describeError } from '../lib/api.ts';
import { api, call, keyOf, type KeyAnswer } from '../lib/api-client.ts';
import { loadMyCourses } from './learning.ts';
import { bind, invalidate, startingWith, type Loadable } from './query.ts';

const MY_INVITATIONS_KEY = keyOf(api.me.invitations);
const SENT_INVITATIONS_KEY = keyOf(api.instructor.invitations);
/** The learner's own enrolments (GET /api/enrollments without a course). */
const MY_ENROLLMENTS_KEY = keyOf(api.enrollments, { query: {} });
import { toast } from './toasts.ts';

/**
 * Course invitations (decision 0013): the learner's pending ones (accept or decline), and the
 * instructor's sent ones with the "Invite learner by email" action. Islands read these stores and
 * call the actions below.
 */

export type { InvitationView, MyInvitation };

function failure(error: unknown): string {
  const d = describeError(error);
  return d.title === d.message ? d.title : `${d.title}. ${d.message}`;
}

// ---------------------------------------------------------------------------------------------
// The learner's invitations

export const $myInvitations = atom<Loadable<MyInvitation[]>>({ status: 'idle' });
/** Ids with an answer under way. */
export const $answering = atom<ReadonlySet<number>>(new Set());

/** A list answer `{ data }` as the islands' Loadable (the list stays shown while it is read again). */
function listLoadable<T>(value: FetcherValue<{ data: T[] }, unknown>): Loadable<T[]> {
  if (value.data !== undefined) return { status: 'ready', data: value.data.data };
  if (value.error !== undefined && !value.loading) return { status: 'error', message: failure(value.error) };
  return { status: 'loading' };
}

export async function loadMyInvitations(): Promise<void> {
  await bind<KeyAnswer<typeof MY_INVITATIONS_KEY>, Loadable<MyInvitation[]>>($myInvitations, MY_INVITATIONS_KEY, listLoadable<MyInvitation>);
}

function setAnswering(id: number, on: boolean): void {
  const next = new Set($answering.get());
  if (on) next.add(id);
  else next.delete(id);
  $answering.set(next);
}

function dropInvitation(id: number): void {
  const state = $myInvitations.get();
  if (state.status === 'ready') $myInvitations.set({ status: 'ready', data: state.data.filter((i) => i.id !== id) });
}

/** Accept: enrols me; My Courses is read again so the course shows at once. */
export async function answerInvitation(invitation: MyInvitation, answer: 'accept' | 'decline'): Promise<boolean> {
  setAnswering(invitation.id, true);
  try {
    const param = { id: String(invitation.id) };
    await call(answer === 'accept' ? api.me.invitations[':id'].accept.$post({ param }) : api.me.invitations[':id'].decline.$post({ param }));
    dropInvitation(invitation.id);
    invalidate(MY_INVITATIONS_KEY);
    if (answer === 'accept') {
      toast({ title: 'Invitation accepted', description: `You are enrolled in “${invitation.course.title}”.` });
      invalidate(startingWith(MY_ENROLLMENTS_KEY));
      await loadMyCourses();
    } else {
      toast({ title: 'Invitation declined', description: `You will not be enrolled in “${invitation.course.title}”.` });
    }
    return true;
  } catch (error) {
    toast({ title: answer === 'accept' ? 'Could not accept the invitation' : 'Could not decline the invitation', description: failure(error), variant: 'destructive' });
    invalidate(MY_INVITATIONS_KEY);
    void loadMyInvitations();
    return false;
  } finally {
    setAnswering(invitation.id, false);
  }
}

// ---------------------------------------------------------------------------------------------
// The instructor's invitations

export const $sentInvitations = atom<Loadable<InvitationView[]>>({ status: 'idle' });

export async function loadSentInvitations(): Promise<void> {
  await bind<KeyAnswer<typeof SENT_INVITATIONS_KEY>, Loadable<InvitationView[]>>($sentInvitations, SENT_INVITATIONS_KEY, listLoadable<InvitationView>);
}

export type InviteResult = { ok: true; invitation: InvitationView } | { ok: false; message: string; fieldError?: string };

/** POST /api/courses/{id}/invitations. */
export async function inviteLearner(courseId: number, email: string): Promise<InviteResult> {
  try {
    const invitation = await call(api.courses[':id'].invitations.$post({ param: { id: String(courseId) }, json: { email } }));
    toast({ title: 'Invitation sent', description: `${invitation.email} is invited to “${invitation.course.title}”.` });
    invalidate(SENT_INVITATIONS_KEY);
    void loadSentInvitations();
    return { ok: true, invitation };
  } catch (error) {
    const d = describeError(error);
    const fieldError = d.validationErrors?.email?.[0];
    return { ok: false, message: fieldError ?? (error instanceof Error ? error.message : d.title), fieldError };
  }
}

export async function cancelInvitation(id: number): Promise<void> {
  try {
    await call(api.invitations[':id'].$delete({ param: { id: String(id) } }));
    toast({ title: 'Invitation withdrawn', description: 'The learner can no longer accept it.' });
  } catch (error) {
    toast({ title: 'Could not withdraw the invitation', description: failure(error), variant: 'destructive' });
  }
  invalidate(SENT_INVITATIONS_KEY);
  void loadSentInvitations();
}
