/** What the API answers and the site reads of worker/src/services/notifications.ts (decision 0054). */

export interface NotificationView {
  id: number;
  kind: string;
  title: string;
  body: string;
  url: string | null;
  read: boolean;
  created_at: string;
}
