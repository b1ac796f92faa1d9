import { describe, expect, it } from 'vitest';
import { createResourceSchema } from '../../../worker/src/schemas/store.ts';
import type { ResourceDetail } from '../../../shared/store/views.ts';
import { categoryIdOf, dollarsText, EMPTY_RESOURCE, formValuesOf, pricePreview, resourceBody } from './seller-resource-form.ts';

const detail = {
  id: 7,
  title: 'Tap Basics',
  description: 'Eight weeks of tap for beginners, with counts.',
  dance_style: 'Tap',
  age_group: 'Children (5-8)',
  level: 'Beginner',
  category: { id: 3, name: 'Lesson Plans' },
  price: 12.5,
  price_cents: 1250,
  cover_image_url: '/uploads/resources/0b7f2f4e-2d3c-4b8a-9a51-0f6d3a1e2c11.png',
  preview_image_urls: ['/uploads/resources/5c3e8f10-7a2b-4d9e-8c41-2b6a9e0d4f77.png'],
} as unknown as ResourceDetail;

describe('the resource form', () => {
  it('starts empty as a free draft, and fills in a resource being edited', () => {
    expect(formValuesOf(null)).toEqual(EMPTY_RESOURCE);
    expect(formValuesOf(detail)).toEqual({
      title: 'Tap Basics',
      description: 'Eight weeks of tap for beginners, with counts.',
      dance_style: 'Tap',
      age_group: 'Children (5-8)',
      level: 'Beginner',
      category_id: 3,
      price: '12.50',
      cover_image_url: '/uploads/resources/0b7f2f4e-2d3c-4b8a-9a51-0f6d3a1e2c11.png',
      preview_image_urls: ['/uploads/resources/5c3e8f10-7a2b-4d9e-8c41-2b6a9e0d4f77.png'],
    });
    expect(dollarsText(0)).toBe('0');
    expect(dollarsText(99)).toBe('0.99');
  });

  it('sends the price the schema parsed as cents, under price_cents', () => {
    const parsed = createResourceSchema.parse({ ...formValuesOf(detail), price: '12.5' });
    const body = resourceBody(parsed);
    expect(body.price_cents).toBe(1250);
    expect(body).not.toHaveProperty('price');
    expect(body.category_id).toBe(3);
    // The server parses the body with the same schema and finds the same resource.
    const again = createResourceSchema.parse(body);
    expect(again.price_cents).toBe(1250);
    expect(again.title).toBe('Tap Basics');
  });

  it('refuses what the API refuses, with the same messages', () => {
    const result = createResourceSchema.safeParse({ ...EMPTY_RESOURCE, title: 'ab', price: '0.20' });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => i.message);
    expect(messages).toContain('Title must be at least 3 characters');
    expect(messages).toContain('Description must be at least 20 characters');
    expect(messages.some((m) => m === 'Choose a dance style from the list')).toBe(true);
    expect(messages.some((m) => m.startsWith('Price must be 0 (free) or between $0.50'))).toBe(true);
  });

  it('previews the price as buyers see it', () => {
    expect(pricePreview('0')).toBe('Free');
    expect(pricePreview('12.5')).toBe('$12.50');
    expect(pricePreview('$4.99')).toBe('$4.99');
    expect(pricePreview('abc')).toBeNull();
    expect(pricePreview('1.234')).toBeNull();
  });

  it('reads a category select', () => {
    expect(categoryIdOf('')).toBeNull();
    expect(categoryIdOf('4')).toBe(4);
    expect(categoryIdOf('x')).toBeNull();
  });
});
