import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityPosts, communityVotes, contentVersions } from '../../db/schema/index.ts';
import { COMMUNITY_LIMITS } from '../../shared/community.ts';
import { loadCommunityPreview } from '../../worker/src/services/community/preview.ts';
import { loadInstructorPage } from '../../worker/src/services/instructor-pages.ts';
import { storeResourceHash } from '../../worker/src/services/store-page-hashes.ts';
import { createDiskAssets } from '../../worker/src/platform/disk-assets.ts';
import { loadNodePageRenderer, NODE_PAGE_RENDERER } from '../../worker/src/platform/node-page-renderer.ts';
import { loadStoreBuild, loadStoreResourcePage } from '../../worker/src/services/store-page-data.ts';
import { createUser } from '../support/factories.ts';
import { planReport, statementsOf } from '../support/query-plans.ts';
import { createResource, createSeller } from '../support/seller-factories.ts';
import { root } from '../support/paths.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The questions a public page renders with its own data (decision 0075): a resource's page and an
 * instructor's profile show their first visible questions by "most helpful" and their totals; the
 * resource page's hash and the public cache's versions follow what the section shows, and votes
 * (counters, decision 0040) move neither.
 */

/** The rendered pages need `npm run build` (the site's renderer); skipped without it. */
const built = existsSync(resolve(root, NODE_PAGE_RENDERER));

let t: TestApp;
let sellerId: number, resourceId: number, instructorId: number, asker: number, voter: number;
afterAll(() => t.close());

type Post = typeof communityPosts.$inferInsert;
const insert = async (values: Omit<Post, 'targetKind' | 'targetId'> & Partial<Post>) =>
  (await t.db
    .insert(communityPosts)
    .values({ targetKind: 'resource', targetId: resourceId, authorId: asker, ...values })
    .returning())[0]!;
const question = (title: string, extra: Partial<Post> = {}) => insert({ kind: 'question', title, body: `About ${title}`, ...extra });
const vote = (postId: number, userId: number) => t.db.insert(communityVotes).values({ postId, userId });
const versions = async () => Object.fromEntries((await t.db.select().from(contentVersions)).map((v) => [v.scope, v.version]));
const page = async () => (await loadStoreResourcePage(t.db, resourceId))!;

beforeAll(async () => {
  t = await createTestApp();
  const seller = await createSeller(t.db);
  sellerId = seller.user.id;
  resourceId = (await createResource(t.db, sellerId)).id;
  instructorId = (await createUser(t.db, { roles: ['INSTRUCTOR'], firstName: 'Ines', lastName: 'Teach' })).id;
  asker = (await createUser(t.db, { firstName: 'Asha', lastName: 'Asker' })).id;
  voter = (await createUser(t.db)).id;
});

describe("a resource page's questions", () => {
  it('shows no questions and zero counts before anyone asks', async () => {
    const { questions } = await page();
    expect(questions).toEqual({ target_kind: 'resource', target_id: resourceId, counts: { questions: 0, unanswered: 0 }, questions: [] });
  });

  it('lists only visible questions of this resource, most helpful first then newest, at most the preview size', async () => {
    const older = await question('An older question with votes');
    const liked = await question('The most liked question here');
    for (let i = 0; i < COMMUNITY_LIMITS.publicPreview; i++) await question(`Plain question number ${i}`);
    await question('A question held for review', { status: 'pending' });
    await question('A question the seller hid', { status: 'hidden' });
    await question('A question on another resource', { targetId: resourceId + 1000 });
    await insert({ kind: 'answer', questionId: liked.id, body: 'An answer is not a question', authorId: sellerId });
    await vote(liked.id, voter);
    await vote(liked.id, sellerId);
    await vote(older.id, voter);

    const { questions } = await page();
    expect(questions.questions).toHaveLength(COMMUNITY_LIMITS.publicPreview);
    expect(questions.questions.map((q) => q.title).slice(0, 3)).toEqual(['The most liked question here', 'An older question with votes', `Plain question number ${COMMUNITY_LIMITS.publicPreview - 1}`]);
    expect(questions.questions.every((q) => q.status === 'visible' && q.target_id === resourceId)).toBe(true);
    // The totals are the trigger-kept ones: every visible question, and those still unanswered.
    expect(questions.counts).toEqual({ questions: COMMUNITY_LIMITS.publicPreview + 2, unanswered: COMMUNITY_LIMITS.publicPreview + 1 });
    expect(questions.questions[0]).toMatchObject({ answer_count: 1, vote_count: 2, author: { id: asker, name: 'Asha Asker', badge: null } });
  });

  it('is the same for every reader: no votes of a reader, no abilities', async () => {
    const { questions } = await page();
    for (const q of questions.questions) {
      expect(q.voted).toBe(false);
      expect(q.can_accept).toBe(false);
      expect(Object.values(q.can).every((v) => v === false)).toBe(true);
    }
  });

  it("badges the seller's own question and renders bodies as safe markdown: a script stays text", async () => {
    const own = await question('The seller asks on their page', { authorId: sellerId, body: '<script>alert(1)</script> **bold** <img src=x onerror=alert(1)>' });
    await vote(own.id, voter);
    await vote(own.id, asker);
    await vote(own.id, (await createUser(t.db)).id);
    const shown = (await page()).questions.questions.find((q) => q.id === own.id)!;
    expect(shown.author?.badge).toBe('Seller');
    expect(shown.body_html).toContain('<strong>bold</strong>');
    expect(shown.body_html).not.toMatch(/<script|<img/);
    expect(shown.body_html).toContain('&lt;script&gt;');
  });

  it('reads the totals by key and the questions through the helpful index: no scan, no sort', async () => {
    const statements = await statementsOf(t.client, () => loadCommunityPreview(t.db, 'resource', resourceId, sellerId));
    const report = await planReport(t.client, statements);
    expect(report.length).toBe(2);
    expect(report.flatMap((r) => r.problems)).toEqual([]);
    const posts = report.find((r) => /community_posts/.test(r.sql))!;
    expect(posts.plan.join('\n')).toMatch(/community_questions_helpful_idx/);
    expect(posts.plan.join('\n')).not.toMatch(/TEMP B-TREE/);
  });
});

describe("the resource page's hash and the store's version", () => {
  it('a vote is a counter: neither the hash nor the store version moves', async () => {
    const before = await storeResourceHash(await page());
    const store = (await versions()).store;
    const top = (await page()).questions.questions[0]!;
    await vote(top.id, (await createUser(t.db)).id);
    expect(await storeResourceHash(await page())).toBe(before);
    expect((await versions()).store).toBe(store);
  });

  it('a new question, an answer and a status change move both', async () => {
    let hash = await storeResourceHash(await page());
    let store = (await versions()).store!;
    const moved = async () => {
      const next = await storeResourceHash(await page());
      const version = (await versions()).store!;
      expect(next).not.toBe(hash);
      expect(version).toBeGreaterThan(store);
      hash = next;
      store = version;
    };
    const top = (await page()).questions.questions[0]!;
    await question('A new question, counted at once');
    await moved();
    await insert({ kind: 'answer', questionId: top.id, body: 'Another answer', authorId: sellerId });
    await moved();
    await t.db.update(communityPosts).set({ status: 'hidden' }).where(eq(communityPosts.id, top.id));
    await moved();
    expect((await page()).questions.questions.some((q) => q.id === top.id)).toBe(false);
  });

  it("a question on an instructor's profile moves the connect version, not the store's", async () => {
    const before = await versions();
    await insert({ kind: 'question', title: 'How do you warm up?', body: 'Before class.', targetKind: 'instructor', targetId: instructorId });
    const after = await versions();
    expect(after.store).toBe(before.store);
    expect(after.connect).toBeGreaterThan(before.connect!);
  });
});

describe("an instructor's profile", () => {
  it('carries its visible questions, the instructor badged on their own', async () => {
    await insert({ kind: 'question', title: 'The instructor asks a question', body: 'Here.', targetKind: 'instructor', targetId: instructorId, authorId: instructorId });
    await insert({ kind: 'question', title: 'A held question on the profile', body: 'Later.', targetKind: 'instructor', targetId: instructorId, status: 'pending' });
    const data = (await loadInstructorPage(t.db, instructorId))!;
    expect(data.questions.counts).toEqual({ questions: 2, unanswered: 2 });
    expect(data.questions.questions.map((q) => [q.title, q.author?.badge ?? null])).toEqual([
      ['The instructor asks a question', 'Instructor'],
      ['How do you warm up?', null],
    ]);
  });
});

describe.skipIf(!built)('the pages rendered with the questions (the build’s renderer)', () => {
  it("a resource page shows its questions, titles as text, and is rendered anew once a question appears", async () => {
    const build = await loadStoreBuild(t.db);
    const site = resolve(t.dir, 'site');
    mkdirSync(resolve(site, `curriculum/${resourceId}`), { recursive: true });
    writeFileSync(resolve(site, '404.html'), '<h1>Not found</h1>');
    writeFileSync(resolve(site, `curriculum/${resourceId}/index.html`), 'Static page');
    writeFileSync(resolve(site, 'store-manifest.json'), JSON.stringify(build.manifest));
    t.platform.assets = createDiskAssets(site);
    t.platform.renderer = await loadNodePageRenderer(root);
    expect((await t.request(`/curriculum/${resourceId}`)).headers.get('x-catalog-source')).toBe('static');

    await question('<b>Bold</b> title & more?', { authorId: sellerId, body: 'A body with a [link](https://example.com).' });
    const res = await t.request(`/curriculum/${resourceId}`);
    expect(res.headers.get('x-catalog-source')).toBe('rendered');
    const text = await res.text();
    expect(text).toContain('id="questions"');
    expect(text).toContain('&lt;b&gt;Bold&lt;/b&gt; title &amp; more?');
    expect(text).not.toContain('<b>Bold</b>');
    expect(text).toContain(`href="/auth?redirect=${encodeURIComponent(`/curriculum/${resourceId}#questions`)}"`);
    // More than the preview shows: "More questions" is there for the island.
    expect(text).toMatch(/data-community-more>More questions</);
  });

  it("an instructor's profile shows its questions", async () => {
    t.platform.renderer ??= await loadNodePageRenderer(root);
    const text = await (await t.request(`/instructors/${instructorId}`)).text();
    expect(text).toContain('The instructor asks a question');
    expect(text).not.toContain('A held question on the profile');
    expect(text).toContain('2 questions · 2 waiting for an answer');
  });
});
