/**
 * The audit log's catalogue (decision 0033): every action an admin or sub-admin write
 * records, `<entity>.<verb>`, with the label the viewer's filter shows and the entity (table) it
 * changes. Pure data; safe to import from the site.
 */

export interface AuditActionInfo {
  label: string;
  /** The table the entry's before/after snapshots are read from. */
  entity: string;
}

export const AUDIT_ACTIONS = {
  // People and roles.
  'user.update': { label: 'User profile changed', entity: 'users' },
  'user.deactivate': { label: 'User deactivated', entity: 'users' },
  'user.activate': { label: 'User activated', entity: 'users' },
  'user.role_grant': { label: 'Role granted', entity: 'users' },
  'user.role_revoke': { label: 'Role revoked', entity: 'users' },
  'contact_message.update': { label: 'Contact message marked', entity: 'contact_messages' },
  'contact_message.delete': { label: 'Contact message deleted', entity: 'contact_messages' },
  // Courses and their parts (admins, and sub-admins on their own courses).
  'category.create': { label: 'Course category created', entity: 'categories' },
  'category.update': { label: 'Course category renamed', entity: 'categories' },
  'category.delete': { label: 'Course category deleted', entity: 'categories' },
  'course.create': { label: 'Course created', entity: 'courses' },
  'course.update': { label: 'Course changed', entity: 'courses' },
  'course.delete': { label: 'Course deleted', entity: 'courses' },
  'module.create': { label: 'Module created', entity: 'modules' },
  'module.update': { label: 'Module changed', entity: 'modules' },
  'module.delete': { label: 'Module deleted', entity: 'modules' },
  'lesson.create': { label: 'Lesson created', entity: 'lessons' },
  'lesson.update': { label: 'Lesson changed', entity: 'lessons' },
  'lesson.delete': { label: 'Lesson deleted', entity: 'lessons' },
  'quiz.create': { label: 'Quiz created', entity: 'quizzes' },
  'quiz.update': { label: 'Quiz changed', entity: 'quizzes' },
  'quiz.delete': { label: 'Quiz deleted', entity: 'quizzes' },
  'quiz_question.create': { label: 'Quiz question created', entity: 'quiz_questions' },
  'quiz_question.update': { label: 'Quiz question changed', entity: 'quiz_questions' },
  'quiz_question.delete': { label: 'Quiz question deleted', entity: 'quiz_questions' },
  'enrollment.create': { label: 'Learner enrolled by staff', entity: 'enrollments' },
  'enrollment.delete': { label: 'Enrolment removed by staff', entity: 'enrollments' },
  'invitation.create': { label: 'Learner invited by staff', entity: 'course_invitations' },
  'invitation.cancel': { label: 'Invitation withdrawn by staff', entity: 'course_invitations' },
  'certificate.issue': { label: 'Certificate issued', entity: 'certificates' },
  'certificate.revoke': { label: 'Certificate revoked', entity: 'certificates' },
  'certificate_template.create': { label: 'Certificate template created', entity: 'certificate_templates' },
  'certificate_template.update': { label: 'Certificate template changed', entity: 'certificate_templates' },
  'certificate_template.delete': { label: 'Certificate template deleted', entity: 'certificate_templates' },
  // Feedback on learners' takes (decision 0070).
  'feedback.answer': { label: 'Feedback on a take answered', entity: 'feedback_requests' },
  'feedback_note.delete': { label: 'Feedback note deleted', entity: 'feedback_notes' },
  'practice_take.delete': { label: "Learner's take deleted by an admin", entity: 'practice_takes' },
  'practice_report.dismiss': { label: 'Practice report dismissed', entity: 'practice_reports' },
  'practice_report.hide': { label: 'Reported take, note or reply hidden', entity: 'practice_reports' },
  // The community's moderation (decision 0075): a page's owner or a moderator hides and restores;
  // the moderators decide reports and held posts and suspend members.
  'community_post.hide': { label: 'Community post hidden', entity: 'community_posts' },
  'community_post.restore': { label: 'Community post restored', entity: 'community_posts' },
  'community_post.approve': { label: 'Held community post approved', entity: 'community_posts' },
  'community_post.reject': { label: 'Held community post rejected', entity: 'community_posts' },
  'community_post.delete': { label: 'Community post deleted by a moderator', entity: 'community_posts' },
  'community_report.dismiss': { label: 'Community report dismissed', entity: 'community_reports' },
  'community_report.hide': { label: 'Reported community post hidden', entity: 'community_reports' },
  'community_report.delete': { label: 'Reported community post deleted', entity: 'community_reports' },
  'community_member.suspend': { label: 'Member suspended from the community', entity: 'community_members' },
  'community_member.lift': { label: 'Community suspension lifted', entity: 'community_members' },
  // The curriculum store.
  'resource.approve': { label: 'Resource approved', entity: 'resources' },
  'resource.reject': { label: 'Resource rejected', entity: 'resources' },
  'resource.feature': { label: 'Resource featured or unfeatured', entity: 'resources' },
  'resource.update': { label: "Resource changed by staff", entity: 'resources' },
  'resource.archive': { label: 'Resource archived by staff', entity: 'resources' },
  'resource.restore': { label: 'Resource restored by staff', entity: 'resources' },
  'resource.delete': { label: 'Resource deleted by staff', entity: 'resources' },
  'resource_category.create': { label: 'Resource category created', entity: 'resource_categories' },
  'resource_category.update': { label: 'Resource category changed', entity: 'resource_categories' },
  'resource_category.delete': { label: 'Resource category deleted', entity: 'resource_categories' },
  'seller.approve': { label: 'Seller approved', entity: 'seller_profiles' },
  'seller.reject': { label: 'Seller rejected', entity: 'seller_profiles' },
  'seller.suspend': { label: 'Seller suspended', entity: 'seller_profiles' },
  'seller.reinstate': { label: 'Seller reinstated', entity: 'seller_profiles' },
  // Commerce.
  'order.refund': { label: 'Order refunded', entity: 'refunds' },
  'coupon.create': { label: 'Coupon created', entity: 'coupons' },
  'coupon.update': { label: 'Coupon changed', entity: 'coupons' },
  'coupon.deactivate': { label: 'Coupon deactivated', entity: 'coupons' },
  'subscription_plan.update': { label: 'Subscription plan changed', entity: 'subscription_plans' },
  'subscription.cancel': { label: 'Subscription cancelled by an admin', entity: 'subscriptions' },
  'subscription.refund': { label: 'Subscription refunded', entity: 'subscriptions' },
  // Connect & Book.
  'booking.cancel': { label: 'Booking cancelled by an admin', entity: 'bookings' },
  'instructor.update': { label: 'Instructor verified or suspended', entity: 'instructor_profiles' },
  'dance_style.create': { label: 'Dance style created', entity: 'dance_styles' },
  'dance_style.update': { label: 'Dance style changed', entity: 'dance_styles' },
  'dance_style.delete': { label: 'Dance style deleted', entity: 'dance_styles' },
  // The platform's settings (written by the settings service).
  'settings.update': { label: 'Platform settings changed', entity: 'app_settings' },
} as const satisfies Record<string, AuditActionInfo>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

export function isAuditAction(value: string): value is AuditAction {
  return Object.hasOwn(AUDIT_ACTIONS, value);
}

export function auditActionLabel(action: string): string {
  return isAuditAction(action) ? AUDIT_ACTIONS[action].label : action;
}

/** The entities (tables) the catalogue names, for the viewer's entity filter. */
export const AUDIT_ENTITIES: readonly string[] = [...new Set(Object.values(AUDIT_ACTIONS).map((a) => a.entity))].sort();

/**
 * Whose writes are audited when the write is not an admin route by itself (course content,
 * certificate templates, invitations): the roles containing ADMIN (decision 0033's sub-admins).
 * A plain instructor's or seller's own work is the data itself, not an admin action.
 */
export function isStaffActor(roles: readonly string[]): boolean {
  return roles.some((role) => role.includes('ADMIN'));
}

/** Field names as words for a summary: ['percentOff', 'first_name'] → "percent off, first name". */
export function fieldWords(keys: readonly string[]): string {
  return keys.map((k) => k.replace(/_/g, ' ').replace(/[A-Z]/g, (m) => ` ${m.toLowerCase()}`)).join(', ');
}
