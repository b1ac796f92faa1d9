import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import type { Action } from '../../../../../worker/src/domain/permissions.ts';
import { permissionsOf } from '../../../../../worker/src/domain/permissions.ts';
import type { SettingSection } from '../../../../../worker/src/domain/settings.ts';
import { roleList } from '../../../../../worker/src/domain/roles.ts';
import { formatCents } from '../../../lib/currency.ts';
import { $storeSettings, FEE_MAX, FEE_MIN, feeSplit, loadStoreSettings, parseFee, saveStoreSettings } from '../../../stores/admin-store-settings.ts';
import { SECTION_IDS } from '../../../stores/admin-settings.ts';
import { PlatformSettingsSection } from '../PlatformSettings.tsx';
import { $user } from '../../../stores/auth.ts';
import { withErrorBoundary } from '../../ErrorBoundary.tsx';
import { ErrorState, formatDateTime, LoadingState } from '../AdminStates.tsx';
import { NotForYourRole } from '../PermissionGate.tsx';
import { Panel } from './parts.tsx';

/** A sale the fee's example is worked on. */
const EXAMPLE_SALE_CENTS = 1000;

function StoreSettingsSection() {
  const id = useId();
  const state = useStore($storeSettings);
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    void loadStoreSettings();
  }, []);

  const data = state.status === 'ready' || state.status === 'loading' ? state.data : undefined;
  if (state.status === 'error') return <ErrorState message={state.message} onRetry={() => void loadStoreSettings()} />;
  if (!data) return <LoadingState label="Loading store settings..." />;

  const value = text ?? String(data.platform_fee_percent);
  const parsed = parseFee(value);
  const example = parsed.ok ? feeSplit(EXAMPLE_SALE_CENTS, parsed.value) : null;
  const unchanged = parsed.ok && parsed.value === data.platform_fee_percent;

  async function save() {
    const fee = parseFee(value);
    if (!fee.ok) {
      setError(fee.message);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      const result = await saveStoreSettings({ platform_fee_percent: fee.value });
      if (result.ok) setText(null);
      else setError(result.validationErrors?.platform_fee_percent?.[0] ?? result.message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      className="stack store-settings-form"
      noValidate
      aria-label="Store settings"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-fee`}>Platform fee (%)</label>
        <input
          id={`${id}-fee`}
          type="number"
          inputMode="numeric"
          className="input store-fee-input"
          min={FEE_MIN}
          max={FEE_MAX}
          step={1}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-fee-hint ${id}-fee-example${error ? ` ${id}-fee-error` : ''}`}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setError(null);
          }}
        />
        <span id={`${id}-fee-hint`} className="hint">
          The share of every resource sale the platform keeps, a whole percent from {FEE_MIN} to {FEE_MAX}; the seller earns the rest. A
          sale&apos;s fee is fixed when it is paid: a new percent applies to sales from now on, never to earnings already recorded. A
          refund gives back the fee of the amount refunded.
        </span>
        {error && (
          <p id={`${id}-fee-error`} className="field-error">
            {error}
          </p>
        )}
      </div>
      <p id={`${id}-fee-example`} className="store-fee-example" aria-live="polite">
        {example
          ? `On a ${formatCents(EXAMPLE_SALE_CENTS)} sale the platform keeps ${formatCents(example.feeCents)} and the seller earns ${formatCents(example.netCents)}.`
          : 'Enter a whole percent to see what a sale leaves each side.'}
      </p>
      <div className="cluster">
        <button type="submit" className="btn btn-primary" disabled={saving || unchanged}>
          {saving ? 'Saving...' : 'Save'}
        </button>
        <p className="muted store-settings-updated">
          {data.updated_at ? `Last changed ${formatDateTime(data.updated_at)}` : `The default, ${data.platform_fee_percent}%, has not been changed.`}
        </p>
      </div>
    </form>
  );
}

interface SettingsSection {
  id: string;
  title: string;
  /** The permission table's action the section's API asks. */
  action: Action;
  render: () => ReactNode;
}

/** A section of the platform's settings, answered by GET /api/admin/settings. */
const platform = (key: Exclude<SettingSection, 'store'>, title: string): SettingsSection => ({
  id: SECTION_IDS[key],
  title,
  action: 'settings.manage',
  render: () => <PlatformSettingsSection section={key} />,
});

/**
 * The sections of /admin/settings, each shown to the roles that hold its action: the curriculum
 * admin sees the store's only; the admin every one.
 */
const SECTIONS: readonly SettingsSection[] = [
  platform('site', 'Site'),
  { id: SECTION_IDS.store, title: 'Curriculum store', action: 'store.settings', render: () => <StoreSettingsSection /> },
  platform('booking', 'Booking policy defaults'),
  platform('mail', 'Mail'),
  platform('features', 'Feature switches'),
];

/** /admin/settings. */
function AdminSettings() {
  const user = useStore($user, { ssr: 'initial' });
  if (!user) return null;
  const held = permissionsOf(roleList(user.role));
  const sections = SECTIONS.filter((s) => held.has(s.action));
  if (sections.length === 0) return <NotForYourRole what="Settings" />;
  return (
    <div className="admin-stack">
      {sections.map((s) => (
        <Panel key={s.id} id={s.id} title={s.title}>
          {s.render()}
        </Panel>
      ))}
    </div>
  );
}

export default withErrorBoundary(AdminSettings);
