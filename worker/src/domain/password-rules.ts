/** Password rules shared by the API and the forms (no crypto here, so browsers can load it). */
export const MIN_PASSWORD_LENGTH = 8;
