import { Hono, type Context } from 'hono';
import type { AppContext } from '../app-context.ts';
import { markPersonal } from '../http/public-cache.ts';
import { validate } from '../http/validate.ts';
import { requireUser, signedInUser } from '../middleware/auth.ts';
import { addToCartSchema, mergeCartSchema, setQuantitySchema } from '../schemas/cart.ts';
import { idParamSchema } from '../schemas/users.ts';
import { addToCart, clearCart, isTestMode, loadCart, mergeGuestCart, refreshCart, removeLine, setLineQuantity } from '../services/cart.ts';

/**
 * The signed-in cart, /api/cart (decision 0025). Every answer is the whole cart, read
 * again with current prices and availability; a guest's cart lives in the browser until the merge.
 */
const who = (c: Context<AppContext>) => {
  markPersonal(c);
  const { db, env } = c.get('platform');
  return { db, userId: signedInUser(c).id, testMode: isTestMode(env) };
};

export const CART_ITEM_REMOVED = 'Item removed from cart';

export const cartRoutes = new Hono<AppContext>()
  .get('/cart', requireUser, async (c) => {
    const { db, userId, testMode } = who(c);
    return c.json(await loadCart(db, userId, testMode), 200);
  })
  .post('/cart', requireUser, validate('json', addToCartSchema), async (c) => {
    const { db, userId, testMode } = who(c);
    return c.json(await addToCart(db, userId, c.req.valid('json'), testMode), 200);
  })
  .post('/cart/refresh', requireUser, async (c) => {
    const { db, userId, testMode } = who(c);
    return c.json(await refreshCart(db, userId, testMode), 200);
  })
  .post('/cart/merge', requireUser, validate('json', mergeCartSchema), async (c) => {
    const { db, userId, testMode } = who(c);
    return c.json(await mergeGuestCart(db, userId, c.req.valid('json').items, testMode), 200);
  })
  .patch('/cart/:id', requireUser, validate('param', idParamSchema), validate('json', setQuantitySchema), async (c) => {
    const { db, userId, testMode } = who(c);
    return c.json(await setLineQuantity(db, userId, c.req.valid('param').id, c.req.valid('json').quantity, testMode), 200);
  })
  .delete('/cart/:id', requireUser, validate('param', idParamSchema), async (c) => {
    const { db, userId, testMode } = who(c);
    await removeLine(db, userId, c.req.valid('param').id);
    return c.json({ message: CART_ITEM_REMOVED, ...(await loadCart(db, userId, testMode)) }, 200);
  })
  .delete('/cart', requireUser, async (c) => {
    const { db, userId, testMode } = who(c);
    return c.json(await clearCart(db, userId, testMode), 200);
  });
