/** What the API answers and the site reads of worker/src/services/sessions.ts (decision 0054). */

export interface SessionView {
  id: number;
  device: string;
  user_agent: string | null;
  ip_address: string | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  current: boolean;
}
