/** Alt text of the images people and courses carry (decision 0019); the browser imports this, so it stays tiny. */

/** The text for an `<img alt>` of a course's image: its title and style. */
export function courseImageAlt(title: string, style: string | null | undefined): string {
  return style ? `${title} — ${style} course cover` : `${title} — course cover`;
}

/** The text for an `<img alt>` of a person's portrait. */
export function portraitAlt(name: string): string {
  return `Portrait of ${name}`;
}
