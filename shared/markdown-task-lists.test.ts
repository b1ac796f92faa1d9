import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { taskLists } from './markdown-task-lists.ts';

const md = new MarkdownIt({ html: false });
md.use(taskLists);

describe('task lists in markdown', () => {
  it('shows `- [ ]` and `- [x]` as disabled checkboxes, never the brackets', () => {
    const html = md.render('- [ ] Warm up\n- [x] Stretch\n- plain item\n');
    expect(html).not.toContain('[ ]');
    expect(html).not.toContain('[x]');
    expect(html).toContain('<ul class="contains-task-list">');
    expect(html).toContain('<li class="task-list-item"><input class="task-list-item-checkbox" type="checkbox" disabled aria-label="Not done"> Warm up</li>');
    expect(html).toContain('<input class="task-list-item-checkbox" type="checkbox" disabled checked aria-label="Done"> Stretch');
    expect(html).toContain('<li>plain item</li>');
  });

  it('leaves brackets elsewhere alone, and raw HTML stays text', () => {
    expect(md.render('[ ] not a list\n')).toContain('<p>[ ] not a list</p>');
    expect(md.render('- [ ] <b>bold</b>\n')).toContain('&lt;b&gt;bold&lt;/b&gt;');
  });
});
