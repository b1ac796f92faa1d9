/** What the course and enrol pages say and link to for a paid course (server markup and islands alike). */

export const PURCHASE_PITCH = 'Buy this course to open its lessons, track your progress and earn the certificate.';

/** Buy now: one item straight to checkout (/simple-checkout). */
export const buyNowHref = (courseId: number) => `/simple-checkout?type=COURSE&itemId=${courseId}`;

/** Every price shown while payments run on the built-in test provider carries this label (decision 0024). */
export const TEST_MODE_LABEL = 'Test mode — no card is charged';
