import { z } from 'zod';
import { CART_TYPES, MAX_CART_QUANTITY, MAX_MERGE_ITEMS } from '../domain/cart.ts';

/** COURSE, RESOURCE or FEEDBACK_CREDITS; the browser's guest cart writes 'course' / 'resource', read the same. */
export const cartTypeSchema = z
  .string({ error: 'Type is required' })
  .trim()
  .toUpperCase()
  .pipe(z.enum(CART_TYPES, { error: 'Type must be COURSE, RESOURCE or FEEDBACK_CREDITS' }));

const itemIdSchema = z
  .number({ error: 'Item id is required' })
  .int('Item id must be a whole number')
  .positive('Item id must be a positive number')
  .max(Number.MAX_SAFE_INTEGER, 'Item id is too large');

const addQuantitySchema = z
  .number({ error: 'Quantity must be a number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(MAX_CART_QUANTITY, `Quantity must be at most ${MAX_CART_QUANTITY}`);

/** POST /api/cart */
export const addToCartSchema = z.object({
  type: cartTypeSchema,
  itemId: itemIdSchema,
  quantity: addQuantitySchema.optional(),
});
export type AddToCartInput = z.output<typeof addToCartSchema>;

/** PATCH /api/cart/:id — below 1 removes the line. */
export const setQuantitySchema = z.object({
  quantity: z
    .number({ error: 'Quantity is required' })
    .int('Quantity must be a whole number')
    .min(-MAX_CART_QUANTITY, `Quantity must be at least -${MAX_CART_QUANTITY}`)
    .max(MAX_CART_QUANTITY, `Quantity must be at most ${MAX_CART_QUANTITY}`),
});

/** POST /api/cart/merge: the guest cart kept in the browser (only type, itemId and quantity are read). */
export const mergeCartSchema = z.object({
  items: z
    .array(
      z.object({
        type: cartTypeSchema,
        itemId: itemIdSchema,
        quantity: addQuantitySchema.optional().default(1),
      }),
      { error: 'Items must be a list' },
    )
    .max(MAX_MERGE_ITEMS, `A cart holds at most ${MAX_MERGE_ITEMS} lines`),
});
export type MergeCartInput = z.output<typeof mergeCartSchema>;
