import type { NotificationChannel, NotificationKind, NotificationKindInfo } from '../worker/src/domain/notification-kinds.ts';

/** What the API answers and the site reads of worker/src/services/notification-preferences.ts (decision 0054). */

export interface PreferenceView {
  kind: NotificationKind;
  label: string;
  description: string;
  channels: NotificationChannel[];
  defaults: { in_app: boolean; email: boolean };
  required: NotificationChannel | null;
  in_app: boolean;
  email: boolean;
}

export interface PreferenceGroupView {
  group: NotificationKindInfo['group'];
  kinds: PreferenceView[];
}
