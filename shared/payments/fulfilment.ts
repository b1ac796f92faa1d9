/** What the API answers and the site reads of worker/src/services/payments/fulfilment.ts (decision 0054). */

/** What the buyer does next with a granted line (shown in /my-purchases and on the success page). */
export interface NextAction {
  label: 'Start course' | 'Go to course' | 'Download' | 'View booking';
  url: string;
}
