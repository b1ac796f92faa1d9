/**
 * /admin/documentation: the repository's own docs (README.md, docs/architecture.md, the decision
 * records) rendered at build time with markdown-it into static HTML, with heading anchors for a
 * table of contents. Runs in the build only: the page ships no markdown renderer.
 */
import MarkdownItClass from 'markdown-it';
import { taskLists } from '../../../shared/markdown-task-lists.ts';

type MarkdownIt = InstanceType<typeof MarkdownItClass>;
type Token = ReturnType<MarkdownIt['parse']>[number];

export interface DocHeading {
  /** 2 for a document's title, 3 for its sections, and so on (the page's own h1 is above). */
  level: number;
  text: string;
  id: string;
}

export interface RenderedDoc {
  /** The document's `# ` title ('' when it has none). */
  title: string;
  html: string;
  headings: DocHeading[];
}

export interface RenderOptions {
  /** Prefix of every heading id, unique per document on the page (e.g. 'readme'). */
  idPrefix: string;
  /** Titles of `## ` sections to leave out, with everything under them. */
  skipSections?: readonly string[];
  /** Leave the `# ` title out of the HTML (the page shows it elsewhere, e.g. as a summary). */
  dropTitle?: boolean;
}

/** A heading's anchor: lower case words joined by '-', ASCII letters and digits only. */
export function slugify(text: string): string {
  return (
    text
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'section'
  );
}

function createRenderer(): MarkdownIt {
  // Raw HTML in the docs is shown as text; the docs are ours, but the page needs no HTML of theirs.
  const md = new MarkdownItClass({ html: false, linkify: false, typographer: false }).use(taskLists);
  // Wide tables and code scroll inside their own box on a phone, never the page.
  md.renderer.rules.table_open = () => '<div class="doc-scroll" tabindex="0" role="region" aria-label="Table"><table>\n';
  md.renderer.rules.table_close = () => '</table></div>\n';
  const fence = md.renderer.rules.fence!;
  md.renderer.rules.fence = (tokens, idx, options, env, self) =>
    fence(tokens, idx, options, env, self).replace(/^<pre>/, '<pre class="doc-scroll" tabindex="0">');
  return md;
}

let renderer: MarkdownIt | null = null;

function headingText(inline: Token | undefined): string {
  return (inline?.children ?? [])
    .filter((t) => t.type === 'text' || t.type === 'code_inline')
    .map((t) => t.content)
    .join('')
    .trim();
}

/** Drops the `## ` sections named in `skip` (from their heading up to the next `## ` or `# `). */
function withoutSections(tokens: Token[], skip: readonly string[]): Token[] {
  if (!skip.length) return tokens;
  const wanted = new Set(skip.map((s) => s.toLowerCase()));
  const kept: Token[] = [];
  let skipping = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type === 'heading_open' && (t.tag === 'h1' || t.tag === 'h2')) {
      skipping = t.tag === 'h2' && wanted.has(headingText(tokens[i + 1]).toLowerCase());
    }
    if (!skipping) kept.push(t);
  }
  return kept;
}

/**
 * One markdown document as HTML: headings one level down (`# ` becomes h2 under the page's h1),
 * each with an id for the table of contents.
 */
export function renderDoc(markdown: string, options: RenderOptions): RenderedDoc {
  const md = (renderer ??= createRenderer());
  let tokens = withoutSections(md.parse(markdown, {}), options.skipSections ?? []);
  const headings: DocHeading[] = [];
  const used = new Set<string>();
  let title = '';
  let titleAt = -1;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type !== 'heading_open') continue;
    const level = Number(t.tag.slice(1));
    const text = headingText(tokens[i + 1]);
    if (level === 1 && !title) {
      title = text;
      titleAt = i;
    }
    const shifted = Math.min(level + 1, 6);
    let id = `${options.idPrefix}-${slugify(text)}`;
    for (let n = 2; used.has(id); n++) id = `${options.idPrefix}-${slugify(text)}-${n}`;
    used.add(id);
    t.tag = `h${shifted}`;
    tokens[i + 2]!.tag = `h${shifted}`;
    t.attrSet('id', id);
    if (!(i === titleAt && options.dropTitle)) headings.push({ level: shifted, text, id });
  }
  // The title is heading_open, its inline text and heading_close.
  if (options.dropTitle && titleAt >= 0) tokens = [...tokens.slice(0, titleAt), ...tokens.slice(titleAt + 3)];
  return { title, html: md.renderer.render(tokens, md.options, {}), headings };
}

export interface DecisionRecord {
  /** The record's number, e.g. '0033'. */
  number: string;
  /** Its title without the number, e.g. 'Admin console: the audit log in ...'. */
  title: string;
  id: string;
  html: string;
}

/**
 * The decision records (docs/decisions/NNNN-name.md), in number order: each with its number and
 * title read from its `# NNNN — Title` line, and its body as HTML (title left out).
 */
export function renderDecisions(files: Record<string, string>): DecisionRecord[] {
  return Object.entries(files)
    .map(([path, markdown]) => {
      const file = path.slice(path.lastIndexOf('/') + 1);
      const number = /^(\d{4})-/.exec(file)?.[1];
      if (!number) return null;
      const id = `decision-${number}`;
      const doc = renderDoc(markdown, { idPrefix: id, dropTitle: true });
      const title = doc.title.replace(/^\d{4}\s*[—–-]\s*/, '') || file.replace(/^\d{4}-|\.md$/g, '').replace(/-/g, ' ');
      return { number, title, id, html: doc.html };
    })
    .filter((d): d is DecisionRecord => d !== null)
    .sort((a, b) => a.number.localeCompare(b.number));
}
