/**
 * A visitor (no account) is refused feedback credits: they are for the course's enrolled learners.
 * Its own module: the browser cart on every public page reads it, and nothing else of the practice room.
 */
export const CREDITS_SIGN_IN = 'Feedback credits are for learners enrolled in the course: sign in to buy them.';
