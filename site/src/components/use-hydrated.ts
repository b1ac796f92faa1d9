import { useEffect, useState } from 'react';

/**
 * False during the server render and the hydrating render, true afterwards. Islands whose
 * content depends on the browser (the signed-in user, the address) render their placeholder
 * until then, so hydration always matches the pre-rendered HTML.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
