import type MarkdownItClass from 'markdown-it';

type MarkdownIt = InstanceType<typeof MarkdownItClass>;

/**
 * GitHub's task lists for markdown-it: a list item that starts with `[ ]` or `[x]` shows a
 * disabled checkbox (ticked for `[x]`) instead of the brackets, its list marked `contains-task-list`
 * and the item `task-list-item` for the styles. The server's lessons and descriptions, the seller's
 * preview and the documentation all render with it, so the same text reads the same everywhere.
 */
export function taskLists(md: MarkdownIt): void {
  md.core.ruler.after('inline', 'task-lists', (state) => {
    const tokens = state.tokens;
    for (let i = 2; i < tokens.length; i++) {
      const inline = tokens[i]!;
      if (inline.type !== 'inline' || tokens[i - 1]!.type !== 'paragraph_open' || tokens[i - 2]!.type !== 'list_item_open') continue;
      const first = inline.children?.[0];
      const mark = first?.type === 'text' ? /^\[([ xX])\](?:\s+|$)/.exec(first.content) : null;
      if (!first || !mark) continue;
      first.content = first.content.slice(mark[0].length);
      const box = new state.Token('html_inline', '', 0);
      box.content = `<input class="task-list-item-checkbox" type="checkbox" disabled${mark[1] === ' ' ? '' : ' checked'} aria-label="${mark[1] === ' ' ? 'Not done' : 'Done'}"> `;
      inline.children!.unshift(box);
      tokens[i - 2]!.attrJoin('class', 'task-list-item');
      // The list that holds the item: the nearest open list before it at one level up.
      for (let j = i - 3; j >= 0; j--) {
        const t = tokens[j]!;
        if ((t.type === 'bullet_list_open' || t.type === 'ordered_list_open') && t.level === tokens[i - 2]!.level - 1) {
          if (!String(t.attrGet('class') ?? '').includes('contains-task-list')) t.attrJoin('class', 'contains-task-list');
          break;
        }
      }
    }
  });
}
