import type { SettingKey, SettingKind, SettingSection } from '../worker/src/domain/settings.ts';

/** What the API answers and the site reads of worker/src/services/settings.ts (decision 0054). */

export interface SettingFieldView {
  key: SettingKey;
  label: string;
  hint: string;
  kind: SettingKind;
  value: string | number | boolean;
  default: string | number | boolean;
  min?: number;
  max?: number;
  /** When it was last changed; null while it is the default never set. */
  updated_at: string | null;
}

export interface SettingSectionView {
  key: SettingSection;
  title: string;
  description: string;
  fields: SettingFieldView[];
}

export interface SettingsView {
  sections: SettingSectionView[];
}
