import { useEffect, useRef } from 'react';
import { mountToaster } from './toaster.ts';

/**
 * The toast region for layouts whose pages are React islands anyway (the admin layout).
 * BaseLayout mounts the same toaster (./toaster.ts) without React, to keep public pages light.
 */
export default function Toaster() {
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => (list.current ? mountToaster(list.current) : undefined), []);
  return (
    <section aria-label="Notifications (F8)">
      <div ref={list} className="toaster" tabIndex={-1} />
    </section>
  );
}
