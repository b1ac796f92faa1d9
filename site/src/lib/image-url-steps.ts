import {
  EXTERNAL_IMAGE_HOSTS,
  walkImageUrl,
  type ImageUrlOptions,
  type ImageUrlStepId,
  type ImageUrlStepWalked,
} from "./image-url.ts";

/**
 * The image URL rules in words, for /profile-image-debug: kept apart from image-url.ts so the
 * pages that only show images do not carry them.
 */
const STEP_TEXTS: Record<ImageUrlStepId, { name: string; rule: string }> = {
  empty: {
    name: "No URL",
    rule: "An empty URL becomes the fallback image (the placeholder unless one is given).",
  },
  inline: {
    name: "Data and blob URLs",
    rule: "data: and blob: URLs stay unchanged.",
  },
  scheme: {
    name: "Web addresses only",
    rule: "An absolute URL (or a protocol-relative //host/…, read as https) must be http or https; anything else becomes the fallback image.",
  },
  "third-party": {
    name: "Avatar and image hosts",
    rule: `URLs of avatar services (any host with "avatar" in its name) and of known image hosts (${EXTERNAL_IMAGE_HOSTS.join(", ")}) stay unchanged.`,
  },
  "own-host": {
    name: "Own hosts and uploads to local paths",
    rule: "An absolute URL of the product's own hosts (this site's host and the local development hosts) or of an /uploads/ path on any host becomes its local path; any other absolute URL stays unchanged.",
  },
  "public-prefix": {
    name: "Public folder prefix",
    rule: "A leading public/ (the folder the files are served from, not part of their address) is stripped.",
  },
  "leading-slash": {
    name: "Leading slash",
    rule: "A relative path gets a leading / (paths are from the site root).",
  },
  "thumbnail-timestamp": {
    name: "Thumbnail timestamp",
    rule: "A path under /thumbnails/ without a query string gets ?t={timestamp}, so a regenerated thumbnail shows.",
  },
};

/** One step of the helper applied to a URL, with its name and rule. */
export interface ImageUrlStep extends ImageUrlStepWalked {
  name: string;
  rule: string;
}

export interface ImageUrlTrace {
  input: string;
  steps: ImageUrlStep[];
  result: string;
}

/** `imageUrl`, step by step: every rule, in words, with the URL before and after it. */
export function imageUrlSteps(
  url: string | null | undefined,
  options: ImageUrlOptions = {},
): ImageUrlTrace {
  const walk = walkImageUrl(url, options);
  return {
    ...walk,
    steps: walk.steps.map((step) => ({ ...step, ...STEP_TEXTS[step.id] })),
  };
}
