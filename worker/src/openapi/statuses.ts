/**
 * The statuses an operation answers beyond the generic rules of `generate.ts` (400 validated,
 * 401 signed in, 403 permission, 404 path id, 409/413 writes, 429 rate-limited, 403 feature
 * switch): what its handler or the services it calls throw. Keyed by `method path` as the
 * document writes it. `statuses.test.ts` calls every operation and fails on a 4xx missing from
 * the document (decision 0052).
 */
export const EXTRA_STATUSES: Record<string, readonly string[]> = {
  // The built reference page is missing until the site is built.
  'get /api/docs': ['404'],
  // Sign-in throttling (services/throttle.ts) and the quiz's wait between attempts.
  'post /api/login': ['429'],
  'post /api/learn/quizzes/{quizId}/attempts': ['429'],
  // Uploads refuse a file whose content is not of an accepted type (services/uploads.ts).
  'post /api/upload': ['415'],
  'post /api/upload/profile': ['415'],
  'post /api/upload/course': ['415'],
  'post /api/resources/{id}/files': ['415'],
  // Areas checked inside the handler (the role, a profile or subscription that must exist).
  'get /api/admin/settings': ['403'],
  'patch /api/admin/settings': ['403'],
  'get /api/curriculum-all': ['403'],
  'get /api/curriculum-all/export.csv': ['403'],
  'get /api/connect/profile': ['404'],
  'get /api/instructor/availability': ['404'],
  'get /api/sellers/me': ['404'],
  'patch /api/sellers/me': ['404'],
  'post /api/subscriptions/cancel': ['404'],
  'post /api/subscriptions/change/cancel-scheduled': ['404'],
  'post /api/subscriptions/resume': ['404'],
  // A download link that is not valid (any more).
  'get /api/resources/files/{token}': ['403'],
  // Course reviews: only a learner who finished the course reviews it, only its instructor replies.
  'post /api/courses/{id}/reviews': ['403'],
  'post /api/courses/{id}/reviews/{reviewId}/reply': ['403'],
  // The practice room: a lesson needs an enrolment (403) and a take must be a video (415); only its
  // learner (and the course's instructors, for the offset) or an admin change a take.
  'get /api/practice/lessons/{lessonId}': ['403'],
  'post /api/practice/lessons/{lessonId}/takes': ['403', '415'],
  'patch /api/practice/takes/{id}': ['403'],
  'delete /api/practice/takes/{id}': ['403'],
  // A zip code that is not five digits.
  'get /api/zipcode-lookup/{zip}': ['400'],
};
