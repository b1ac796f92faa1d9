/** What the API answers and the site reads of worker/src/services/contact.ts (decision 0054). */

export interface ContactMessageView {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  user_id: number | null;
  read_at: string | null;
  created_at: string;
}
