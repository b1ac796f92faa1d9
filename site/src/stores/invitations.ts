import type { FetcherValue } from '@nanostores/query';
import { atom } from 'nanostores';
import type { InvitationView, MyInvitation } from '../../../worker/src/services/invitations.ts';
import { apiFetch, describeError } from '../lib/api.ts';
import { loadMyCourses } from './learning.ts';
import { bind, invalidate, keys, startingWith } from './query.ts';
import { toast } from './toasts.ts';

/**
 * Course invitations (decision 0013): the learner's pending ones (accept or decline), and the
 * instructor's sent ones with the "Invite learner by email" action. Islands read these stores and
 * call the actions below.
 */

export type { InvitationView, MyInvitation };

type Loadable<T> = { status: 'idle' | 'loading' } | { status: 'ready'; data: T } | { status: 'error'; message: string };

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
  await bind($myInvitations, keys.myInvitations, listLoadable<MyInvitation>);
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
    await apiFetch<unknown>(`/api/me/invitations/${invitation.id}/${answer}`, { method: 'POST' });
    dropInvitation(invitation.id);
    invalidate(keys.myInvitations);
    if (answer === 'accept') {
      toast({ title: 'Invitation accepted', description: `You are enrolled in “${invitation.course.title}”.` });
      invalidate(startingWith(keys.myEnrollments));
      await loadMyCourses();
    } else {
      toast({ title: 'Invitation declined', description: `You will not be enrolled in “${invitation.course.title}”.` });
    }
    return true;
  } catch (error) {
    toast({ title: answer === 'accept' ? 'Could not accept the invitation' : 'Could not decline the invitation', description: failure(error), variant: 'destructive' });
    invalidate(keys.myInvitations);
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
  await bind($sentInvitations, keys.sentInvitations, listLoadable<InvitationView>);
}

export type InviteResult = { ok: true; invitation: InvitationView } | { ok: false; message: string; fieldError?: string };

/** POST /api/courses/{id}/invitations. */
export async function inviteLearner(courseId: number, email: string): Promise<InviteResult> {
  try {
    const invitation = await apiFetch<InvitationView>(`/api/courses/${courseId}/invitations`, { method: 'POST', json: { email } });
    toast({ title: 'Invitation sent', description: `${invitation.email} is invited to “${invitation.course.title}”.` });
    invalidate(keys.sentInvitations);
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
    await apiFetch<unknown>(`/api/invitations/${id}`, { method: 'DELETE' });
    toast({ title: 'Invitation withdrawn', description: 'The learner can no longer accept it.' });
  } catch (error) {
    toast({ title: 'Could not withdraw the invitation', description: failure(error), variant: 'destructive' });
  }
  invalidate(keys.sentInvitations);
  void loadSentInvitations();
}
