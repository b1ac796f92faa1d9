import { describe, expect, it } from 'vitest';
import { DASHBOARD_WINDOWS } from '../../../shared/dashboards/window.ts';
import { daysParamOf } from './days-param.ts';

describe('daysParamOf', () => {
  it('reads a window that is one of the choices, else 30', () => {
    expect(daysParamOf('?days=90', DASHBOARD_WINDOWS)).toBe(90);
    expect(daysParamOf('?tab=x&days=365', DASHBOARD_WINDOWS)).toBe(365);
    expect(daysParamOf('?days=7', DASHBOARD_WINDOWS)).toBe(30);
    expect(daysParamOf('?days=ninety', DASHBOARD_WINDOWS)).toBe(30);
    expect(daysParamOf('', DASHBOARD_WINDOWS)).toBe(30);
  });
});
