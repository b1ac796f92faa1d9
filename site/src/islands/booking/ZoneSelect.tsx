import { useId, useMemo } from 'react';
import { zoneChoices } from '../../lib/booking-time.ts';

/** "Times shown in": the booker's zone (the browser's until they pick another). */
export default function ZoneSelect({ zone, onChange }: { zone: string; onChange: (zone: string) => void }) {
  const id = useId();
  const zones = useMemo(() => zoneChoices(zone), [zone]);
  return (
    <div className="field zone-select">
      <label htmlFor={id}>Times shown in</label>
      <select id={id} value={zone} onChange={(e) => onChange(e.target.value)}>
        {zones.map((z) => (
          <option key={z} value={z}>
            {z.replace(/_/g, ' ')}
          </option>
        ))}
      </select>
    </div>
  );
}
