import {
  countLabel,
  instructorName,
  LESSON_TYPE_LABELS,
  levelLabel,
  PLACEHOLDER_IMAGE,
  previewVideo,
  type CatalogCourse,
} from '../lib/catalog.ts';
import { courseImageAlt } from '../../../worker/src/domain/image-alt.ts';
import { formatCents } from '../lib/currency.ts';
import { imageUrl } from '../lib/image-url.ts';
import { videoPoster } from '../lib/practice-loop.ts';
import { h } from './dom.ts';

/**
 * The catalog's markup for the script islands (list, course shell, instructor pages). The same
 * markup is pre-rendered by components/CourseCard.astro and CourseOverview.astro; keep them in
 * step. Plain DOM, because React would take a public page's whole JavaScript budget
 * (decision 0007).
 */

/** A course image that falls back to the placeholder (§9) when it fails. */
export function courseImage(src: string | null, className: string, eager = false, alt = ''): HTMLImageElement {
  const img = h('img', {
    src: src ? imageUrl(src) : PLACEHOLDER_IMAGE,
    // The placeholder shows nothing of the course: decorative.
    alt: src ? alt : '',
    className,
    width: 640,
    height: 360,
    loading: eager ? 'eager' : 'lazy',
    decoding: 'async',
  });
  img.addEventListener('error', () => {
    if (!img.src.endsWith(PLACEHOLDER_IMAGE)) img.src = PLACEHOLDER_IMAGE;
  });
  return img;
}

/** Pre-rendered images that failed before the script ran get the placeholder too. */
export function repairImages(root: Document | HTMLElement): void {
  for (const img of root.querySelectorAll<HTMLImageElement>('img[data-fallback]')) {
    const fallback = () => {
      if (!img.src.endsWith(PLACEHOLDER_IMAGE)) img.src = PLACEHOLDER_IMAGE;
    };
    if (img.complete && img.naturalWidth === 0) fallback();
    else img.addEventListener('error', fallback, { once: true });
  }
}

function tags(course: CatalogCourse, withDuration = false): HTMLElement {
  return h(
    'p',
    { className: 'course-card-tags' },
    course.category && h('span', { className: 'badge badge-primary' }, course.category.name),
    h('span', { className: 'badge' }, levelLabel(course.difficulty_level)),
    withDuration && course.duration && h('span', { className: 'badge' }, course.duration),
  );
}

function price(course: CatalogCourse, large = false): HTMLElement {
  return h(
    large ? 'p' : 'span',
    { className: large ? 'course-price course-price-lg' : 'course-price' },
    h('span', null, formatCents(course.price_cents)),
    course.price_cents === 0 && h('span', { className: 'badge badge-success' }, 'Free'),
  );
}

/** A course in a list: image, style and level, title (the link), description, instructor, price. */
export function courseCard(course: CatalogCourse, headingLevel: 2 | 3 = 2): HTMLElement {
  const teacher = instructorName(course.instructor);
  return h(
    'article',
    { className: 'card course-card' },
    courseImage(course.image_url, 'card-media', false, courseImageAlt(course.title, course.category?.name)),
    h(
      'div',
      { className: 'card-body' },
      tags(course),
      h(headingLevel === 2 ? 'h2' : 'h3', { className: 'card-title' }, h('a', { className: 'card-link course-card-link', href: `/courses/${course.id}` }, course.title)),
      h('p', { className: 'clamp-3 muted' }, course.description),
      teacher && h('p', { className: 'text-sm course-card-instructor' }, `with ${teacher}`),
    ),
    h(
      'div',
      { className: 'card-footer course-card-footer' },
      price(course),
      h('span', { className: 'text-sm muted' }, `${countLabel(course.module_count, 'module')} · ${countLabel(course.lesson_count, 'lesson')}`),
    ),
  );
}

export function courseGrid(courses: CatalogCourse[], label: string, headingLevel: 2 | 3 = 2): HTMLElement {
  return h(
    'ul',
    { className: 'grid course-grid', 'aria-label': label },
    courses.map((c) => h('li', { 'data-course-id': c.id }, courseCard(c, headingLevel))),
  );
}

/** The preview player: a click-to-load privacy-enhanced embed, or a <video> for a file. */
export function previewPlayer(url: string | null, title: string, poster?: string): HTMLElement | null {
  const video = previewVideo(url);
  if (!video) return null;
  if (video.kind === 'file') {
    return h('div', { className: 'video-frame' }, h('video', { src: video.src, ...(poster ? { poster } : {}), controls: true, preload: 'none', 'aria-label': `Preview of ${title}` }));
  }
  const root = h(
    'div',
    { className: 'video-frame video-facade', 'data-src': video.src, 'data-title': title },
    h('button', { type: 'button', className: 'video-play' }, h('span', { className: 'video-play-icon', 'aria-hidden': 'true' }, '▶'), h('span', null, 'Play preview video')),
    h('p', { className: 'video-note' }, 'Plays from YouTube in privacy-enhanced mode.'),
  );
  enablePreview(root);
  return root;
}

/**
 * Turns a facade (pre-rendered by PreviewVideo.astro or made above) into the player on click:
 * nothing is requested from YouTube before the visitor asks.
 */
export function enablePreview(root: HTMLElement): void {
  const button = root.querySelector<HTMLButtonElement>('button');
  const src = root.dataset.src;
  if (!button || !src) return;
  button.disabled = false;
  button.addEventListener(
    'click',
    () => {
      const iframe = h('iframe', {
        src,
        title: `Preview of ${root.dataset.title ?? 'the course'}`,
        allow: 'autoplay; encrypted-media; picture-in-picture; fullscreen',
        allowfullscreen: true,
        // The app sends no referrer by default; YouTube's player refuses to play without one.
        referrerpolicy: 'strict-origin-when-cross-origin',
      });
      root.classList.remove('video-facade');
      root.replaceChildren(iframe);
      iframe.focus();
    },
    { once: true },
  );
}

/** A course's public page (the shell's rendering of what CourseOverview.astro pre-renders). */
export function courseOverview(course: CatalogCourse): HTMLElement {
  const teacher = instructorName(course.instructor);
  const lessonTotal = course.modules.reduce((n, m) => n + m.lessons.length, 0);
  const player = previewPlayer(course.preview_video_url, course.title, videoPoster(course.image_url));
  return h(
    'article',
    { className: 'course-page' },
    h(
      'nav',
      { 'aria-label': 'Breadcrumb', className: 'breadcrumb text-sm' },
      h('a', { href: '/courses' }, 'Certification courses'),
      ' ',
      h('span', { 'aria-hidden': 'true' }, '/'),
      ' ',
      h('span', { 'aria-current': 'page' }, course.title),
    ),
    h(
      'header',
      { className: 'course-hero' },
      h(
        'div',
        { className: 'course-hero-text' },
        tags(course, true),
        h('h1', null, course.title),
        h('p', { className: 'lead' }, course.description),
        course.instructor && h('p', null, 'Taught by ', h('a', { href: `/instructors/${course.instructor.id}` }, teacher)),
        price(course, true),
        h(
          'p',
          { className: 'cluster', 'data-course-cta': '', 'data-course-id': course.id },
          h('a', { className: 'btn btn-primary btn-lg', href: `/courses/${course.id}/enroll` }, 'Enrol'),
          course.price_cents > 0 && h('span', { className: 'text-sm muted' }, 'Purchases open soon'),
        ),
        h('p', { className: 'text-sm muted' }, `${countLabel(course.modules.length, 'module')} · ${countLabel(lessonTotal, 'lesson')} · certificate on completion`),
      ),
      h('div', { className: 'course-hero-media' }, courseImage(course.image_url, 'course-hero-image', true, courseImageAlt(course.title, course.category?.name))),
    ),
    player && h('section', { 'aria-labelledby': 'preview-heading', className: 'course-section' }, h('h2', { id: 'preview-heading' }, 'Preview'), player),
    course.detailed_description &&
      h(
        'section',
        { 'aria-labelledby': 'about-heading', className: 'course-section' },
        h('h2', { id: 'about-heading' }, 'About this course'),
        h('p', { className: 'prose pre-line' }, course.detailed_description),
      ),
    h(
      'section',
      { 'aria-labelledby': 'outline-heading', className: 'course-section' },
      h('h2', { id: 'outline-heading' }, 'Course outline'),
      course.modules.length === 0
        ? h('p', { className: 'muted' }, 'The outline of this course is being prepared.')
        : h(
            'ol',
            { className: 'outline' },
            course.modules.map((m, i) =>
              h(
                'li',
                { className: 'outline-module' },
                h('h3', null, h('span', { className: 'muted' }, `Module ${i + 1}:`), ` ${m.title}`),
                m.description && h('p', { className: 'muted' }, m.description),
                m.lessons.length === 0
                  ? h('p', { className: 'text-sm muted' }, 'No lessons in this module.')
                  : h(
                      'ol',
                      { className: 'outline-lessons' },
                      m.lessons.map((l) =>
                        h('li', null, h('span', { className: `lesson-type lesson-type-${l.type}` }, LESSON_TYPE_LABELS[l.type] ?? l.type), ` ${l.title}`),
                      ),
                    ),
              ),
            ),
          ),
    ),
  );
}

export function loadingMessage(text: string): HTMLElement {
  return h('p', { className: 'loading', role: 'status' }, h('span', { className: 'spinner', 'aria-hidden': 'true' }), ` ${text}`);
}

export function notFoundMessage(title: string, text: string, link: { href: string; label: string }): HTMLElement {
  return h('div', { className: 'not-found' }, h('h1', null, title), h('p', { className: 'lead' }, text), h('a', { className: 'btn btn-primary', href: link.href }, link.label));
}

export function errorMessage(text: string, retry?: () => void): HTMLElement {
  return h(
    'div',
    { className: 'alert alert-error', role: 'alert' },
    h('p', { className: 'alert-title' }, 'Something went wrong'),
    h('p', null, text),
    retry && h('button', { type: 'button', className: 'btn btn-secondary btn-sm', onclick: retry }, 'Try again'),
  );
}
