/**
 * The API reference (/api/docs, decision 0052): Scalar's viewer of /api/openapi.json, served from
 * this origin (the build copies its bundle to VIEWER_SCRIPT) and loaded by this page's own
 * script, so the page policy allows it without a CDN or an inline script. The signed-in user's
 * token fills the bearer scheme, so "Test Request" sends as them (writes are real).
 */

/** Where the build puts Scalar's standalone bundle (scripts/build-server.ts). */
export const VIEWER_SCRIPT = '/vendor/scalar/api-reference.js';

/** The attribute of the element the viewer is mounted in; the page policy looks for it (content-security.ts). */
export const VIEWER_ATTRIBUTE = 'data-api-viewer';

export interface ViewerConfiguration {
  url: string;
  withDefaultFonts: false;
  hideClientButton: boolean;
  servers: { url: string }[];
  showDeveloperTools: 'never';
  agent: { disabled: true };
  mcp: { disabled: true };
  telemetry: false;
  forceDarkModeState: 'light';
  hideDarkModeToggle: true;
  authentication?: { preferredSecurityScheme: string; securitySchemes: Record<string, { token: string }> };
}

/**
 * The viewer's configuration: our document, no fonts or services from elsewhere (the page
 * policy allows this origin only, and no link to Scalar's hosted client), requests sent to this
 * origin, and the user's token when signed in. Light mode only, like
 * the site: docs.astro sets the light theme's colours to ones that pass WCAG AA contrast.
 */
export function viewerConfiguration(url: string, token: string | null, origin: string): ViewerConfiguration {
  return {
    url,
    withDefaultFonts: false,
    // The client's "open" button links to Scalar's hosted client with our document's address.
    hideClientButton: true,
    // Requests go to this origin (the document's server is "/", which the viewer joins as "//api/…").
    servers: [{ url: origin }],
    showDeveloperTools: 'never',
    agent: { disabled: true },
    mcp: { disabled: true },
    telemetry: false,
    forceDarkModeState: 'light',
    hideDarkModeToggle: true,
    ...(token ? { authentication: { preferredSecurityScheme: 'bearerAuth', securitySchemes: { bearerAuth: { token } } } } : {}),
  };
}

interface ScalarGlobal {
  createApiReference(element: Element, configuration: ViewerConfiguration): unknown;
}

function storedToken(): string | null {
  try {
    return localStorage.getItem('access_token');
  } catch {
    return null;
  }
}

/** Loads the viewer's bundle once and mounts it in every element marked VIEWER_ATTRIBUTE. */
export function mountApiReferences(): void {
  const targets = [...document.querySelectorAll<HTMLElement>(`[${VIEWER_ATTRIBUTE}]`)];
  if (targets.length === 0) return;
  const mount = () => {
    const scalar = (window as unknown as { Scalar?: ScalarGlobal }).Scalar;
    if (!scalar) return;
    for (const target of targets) scalar.createApiReference(target, viewerConfiguration(target.dataset.url ?? '/api/openapi.json', storedToken(), window.location.origin));
  };
  const script = document.createElement('script');
  script.src = VIEWER_SCRIPT;
  script.addEventListener('load', mount, { once: true });
  document.head.appendChild(script);
}
