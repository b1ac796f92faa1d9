/**
 * The description's preview in the resource form: markdown rendered in the browser the way the
 * server renders descriptions and lessons (markdown-it, raw HTML shown as text, links only to the
 * web, mail or paths of this site). markdown-it loads on the first preview only.
 */
import type MarkdownItClass from 'markdown-it';
import { taskLists } from '../../../shared/markdown-task-lists.ts';

type MarkdownIt = InstanceType<typeof MarkdownItClass>;

/** Links and images only to the web, mail, or paths of this site. */
export const SAFE_LINK = /^(?:https?:\/\/|mailto:|\/(?!\/)|#)/i;

let renderer: Promise<MarkdownIt> | null = null;

function load(): Promise<MarkdownIt> {
  renderer ??= import('markdown-it').then(({ default: Markdown }) => {
    const md = new Markdown({ html: false, linkify: true, typographer: false, breaks: false }).use(taskLists);
    md.validateLink = (url: string) => SAFE_LINK.test(url.trim());
    return md;
  });
  return renderer;
}

/** The description as HTML (safe to put into the page: markdown-it escapes raw HTML with html off). */
export async function renderDescription(source: string): Promise<string> {
  return (await load()).render(source);
}
