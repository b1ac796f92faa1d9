import { z } from 'zod';
import { COMMUNITY_LIMITS, COMMUNITY_MESSAGES, COMMUNITY_REPORT_REASONS, COMMUNITY_REPORT_STATUSES } from '../../../shared/community.ts';
import { multiLine, singleLine } from './text.ts';
import { cursorQuery, idSchema } from './users.ts';

/** The community's reports, held posts and suspensions (decision 0075): bodies and queries of the moderation routes. */

export const DETAIL_TOO_LONG = `Keep the detail under ${COMMUNITY_LIMITS.reportDetailMax} characters.`;
export const CHOOSE_A_DECISION = 'Choose Dismiss, Hide or Delete.';
export const CHOOSE_A_STATUS = 'Status must be open, dismissed or actioned.';
export const WRITE_A_SUSPENSION_REASON = 'Say why the member is suspended.';
export const SUSPENSION_REASON_TOO_LONG = `Keep the reason under ${COMMUNITY_LIMITS.suspensionReasonMax} characters.`;
export const SUSPENSION_DAYS = `Suspend for ${COMMUNITY_LIMITS.suspensionDaysMin} to ${COMMUNITY_LIMITS.suspensionDaysMax} days.`;
export const NAME_THE_MEMBER = 'Name the member to suspend (their username).';

/** POST /api/community/posts/{id}/reports. */
export const communityReportSchema = z.object({
  reason: z.enum(COMMUNITY_REPORT_REASONS, { error: COMMUNITY_MESSAGES.CHOOSE_A_REASON }),
  detail: multiLine(z.string({ error: DETAIL_TOO_LONG }).trim().max(COMMUNITY_LIMITS.reportDetailMax, DETAIL_TOO_LONG))
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
});

/** GET /api/admin/community/reports?status=&cursor=: open reports oldest first, decided ones newest first. */
export const communityReportListQuerySchema = z.object({
  status: z.enum(COMMUNITY_REPORT_STATUSES, { error: CHOOSE_A_STATUS }).optional().default('open'),
  cursor: cursorQuery,
});

/** POST /api/admin/community/reports/{id}: what the moderator decided for the reported post. */
export const communityReportActionSchema = z.object({
  action: z.enum(['dismiss', 'hide', 'delete'], { error: CHOOSE_A_DECISION }),
});

/** A page token alone (the held posts, the suspensions, a thread's replies). */
export const communityCursorQuerySchema = z.object({ cursor: cursorQuery });

/** POST /api/admin/community/suspensions: the member (by id or username), for how long, and why. */
export const communitySuspensionSchema = z
  .object({
    user_id: z.number({ error: NAME_THE_MEMBER }).int(NAME_THE_MEMBER).positive(NAME_THE_MEMBER).optional(),
    username: singleLine(z.string({ error: NAME_THE_MEMBER }).trim().max(100, NAME_THE_MEMBER)).optional(),
    days: z
      .number({ error: SUSPENSION_DAYS })
      .int(SUSPENSION_DAYS)
      .min(COMMUNITY_LIMITS.suspensionDaysMin, SUSPENSION_DAYS)
      .max(COMMUNITY_LIMITS.suspensionDaysMax, SUSPENSION_DAYS),
    reason: multiLine(
      z.string({ error: WRITE_A_SUSPENSION_REASON }).trim().min(1, WRITE_A_SUSPENSION_REASON).max(COMMUNITY_LIMITS.suspensionReasonMax, SUSPENSION_REASON_TOO_LONG),
    ),
  })
  .refine((b) => b.user_id !== undefined || (b.username !== undefined && b.username.length > 0), { message: NAME_THE_MEMBER, path: ['username'] });

export const userIdParamSchema = z.object({ userId: idSchema });
