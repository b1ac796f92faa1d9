import type { courseInvitations } from '../db/schema/index.ts';

/** What the API answers and the site reads of worker/src/services/invitations.ts (decision 0054). */

type InvitationStatus = (typeof courseInvitations.$inferSelect)['status'];

/** What the course's manager sees of an invitation. */
export interface InvitationView {
  id: number;
  course: { id: number; title: string };
  email: string;
  status: InvitationStatus;
  created_at: string;
  responded_at: string | null;
}

/** What the invited learner sees. */
export interface MyInvitation {
  id: number;
  course: { id: number; title: string; description: string; image_url: string | null; status: string };
  invited_by: { id: number; name: string } | null;
  created_at: string;
}
