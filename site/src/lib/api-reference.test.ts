import { describe, expect, it } from 'vitest';
import { viewerConfiguration } from './api-reference.ts';

describe('the API reference viewer configuration', () => {
  it('reads our document, loads nothing from elsewhere, and fills the bearer scheme with the signed-in token', () => {
    const guest = viewerConfiguration('/api/openapi.json', null, 'https://drx.test');
    expect(guest).toMatchObject({ url: '/api/openapi.json', withDefaultFonts: false, telemetry: false });
    expect(guest.authentication).toBeUndefined();
    expect(guest).toMatchObject({ hideClientButton: true, servers: [{ url: 'https://drx.test' }] });
    // Light mode only: the page's contrast fixes are for the light theme (docs.astro).
    expect(guest).toMatchObject({ forceDarkModeState: 'light', hideDarkModeToggle: true });
    const signedIn = viewerConfiguration('/api/openapi.json', 'abc', 'https://drx.test');
    expect(signedIn.authentication).toEqual({ preferredSecurityScheme: 'bearerAuth', securitySchemes: { bearerAuth: { token: 'abc' } } });
    // The configuration is plain data (it could sit in a data attribute).
    expect(JSON.parse(JSON.stringify(signedIn))).toEqual(signedIn);
  });
});
