import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { FeatureKey } from '../../../worker/src/domain/features.ts';
import UpgradeRequiredDialog from '../components/UpgradeRequiredDialog.tsx';

/**
 * The upgrade-required dialog for pages without a React island (the course and enrol pages): one
 * host, mounted on the first request, opened for a gate of the table. Loaded only when a gate's
 * button is pressed.
 */
let show: ((feature: FeatureKey) => void) | null = null;
let pending: FeatureKey | null = null;

function Host() {
  const [feature, setFeature] = useState<FeatureKey | null>(pending);
  const [open, setOpen] = useState(pending !== null);
  useEffect(() => {
    show = (next) => {
      setFeature(next);
      setOpen(true);
    };
    return () => {
      show = null;
    };
  }, []);
  return feature ? <UpgradeRequiredDialog open={open} onOpenChange={setOpen} feature={feature} /> : null;
}

export function openUpgradeRequired(feature: FeatureKey): void {
  if (show) {
    show(feature);
    return;
  }
  pending = feature;
  if (document.getElementById('upgrade-required-root')) return;
  const host = document.createElement('div');
  host.id = 'upgrade-required-root';
  document.body.appendChild(host);
  createRoot(host).render(<Host />);
}
