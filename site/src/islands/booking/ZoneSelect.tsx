import { useId, useMemo, useState } from 'react';
import { browserTimeZone, zoneMatches, zoneOptions } from '../../lib/booking-time.ts';

/**
 * "Times shown in": the booker's zone (the browser's until they pick another), by friendly name
 * and offset ("Eastern Time — New York (UTC−05:00)"), the browser's first; typing in the search
 * narrows the list (decision 0068).
 */
export default function ZoneSelect({ zone, onChange }: { zone: string; onChange: (zone: string) => void }) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const options = useMemo(() => zoneOptions(zone, browserTimeZone()), [zone]);
  const found = useMemo(() => options.filter((o) => zoneMatches(o, typed)), [options, typed]);
  // The chosen zone stays listed, so the select always shows it.
  const shown = found.some((o) => o.value === zone) ? found : [...options.filter((o) => o.value === zone), ...found];
  return (
    <div className="zone-select">
      <div className="field">
        <label htmlFor={`${id}-search`}>Find a time zone</label>
        <input
          id={`${id}-search`}
          type="search"
          value={typed}
          placeholder="City, region or offset"
          autoComplete="off"
          aria-describedby={`${id}-count`}
          onChange={(e) => {
            const next = e.target.value;
            setTyped(next);
            // One match: it is the one meant.
            const matches = options.filter((o) => zoneMatches(o, next));
            if (next.trim() && matches.length === 1 && matches[0]!.value !== zone) onChange(matches[0]!.value);
          }}
        />
        <p className="hint" id={`${id}-count`} aria-live="polite">
          {typed.trim() ? `${found.length} ${found.length === 1 ? 'zone matches' : 'zones match'}` : ''}
        </p>
      </div>
      <div className="field">
        <label htmlFor={id}>Times shown in</label>
        <select id={id} value={zone} onChange={(e) => onChange(e.target.value)}>
          {shown.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
