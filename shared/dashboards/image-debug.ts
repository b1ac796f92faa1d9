/** What the API answers and the site reads of worker/src/services/dashboards/image-debug.ts (decision 0054). */

/** The longest image address the check takes. */
export const IMAGE_DEBUG_URL_MAX = 2048;

/**
 * GET /api/me/profile-image-debug (staff only, `diagnostics.read`): the address checked and, when
 * it names one of this site's uploads, whether the file is stored, its size and type.
 */
export interface ImageDebugCheck {
  url: string | null;
  upload: {
    key: string;
    stored: boolean;
    size: number | null;
    content_type: string | null;
  } | null;
}
