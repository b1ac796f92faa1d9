/**
 * The resource form of /seller/resources/add and /curriculum/{id}/edit: its values
 * from a resource, and the API body from the values the shared schema
 * (worker/src/schemas/store.ts) parsed. Pure.
 */
import type { z } from 'zod';
import type { createResourceSchema } from '../../../worker/src/schemas/store.ts';
import type { ResourceDetail } from '../../../shared/store/views.ts';
import { formatCents } from './currency.ts';

export type ResourceFormInput = z.input<typeof createResourceSchema>;
export type ResourceFormOutput = z.output<typeof createResourceSchema>;

/** What the form holds: the schema's input, with the price as the text typed and the category as an id or null. */
export interface ResourceFormValues extends ResourceFormInput {
  price: string;
  category_id: number | null;
  cover_image_url: string | null;
  preview_image_urls: string[];
}

/** A new resource starts as a free draft for all ages and mixed levels; the seller picks a style. */
export const EMPTY_RESOURCE: ResourceFormValues = {
  title: '',
  description: '',
  dance_style: '' as ResourceFormValues['dance_style'],
  age_group: 'All Ages',
  level: 'Mixed Levels',
  category_id: null,
  price: '0',
  cover_image_url: null,
  preview_image_urls: [],
};

/** The dollars of a price in cents as a form shows them: '12.50', '0'. */
export function dollarsText(cents: number): string {
  return cents > 0 ? (cents / 100).toFixed(2) : '0';
}

/** The form's values for a resource being edited. */
export function formValuesOf(resource: ResourceDetail | null | undefined): ResourceFormValues {
  if (!resource) return { ...EMPTY_RESOURCE, preview_image_urls: [] };
  return {
    title: resource.title,
    description: resource.description,
    dance_style: resource.dance_style,
    age_group: resource.age_group,
    level: resource.level,
    category_id: resource.category?.id ?? null,
    price: dollarsText(resource.price_cents),
    cover_image_url: resource.cover_image_url,
    preview_image_urls: [...resource.preview_image_urls],
  };
}

/**
 * The body of POST /api/resources and PATCH /api/resources/{id} from the parsed values. The schema
 * turns the price text into cents, so the body names it `price_cents` (sending the parsed cents as
 * `price` would be read as dollars).
 */
export function resourceBody(values: ResourceFormOutput): Record<string, unknown> {
  const { price, ...rest } = values;
  return { ...rest, category_id: values.category_id ?? null, ...(price !== undefined ? { price_cents: price } : {}) };
}

/** What buyers will pay for the typed price: 'Free', '$12.50', or null while it is not a price. */
export function pricePreview(text: string): string | null {
  const trimmed = text.trim().replace(/^\$/, '');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const cents = Math.round(Number(trimmed) * 100);
  return cents === 0 ? 'Free' : formatCents(cents);
}

/** A select's value as the category id: '' is none. */
export function categoryIdOf(value: unknown): number | null {
  if (value === '' || value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}
