import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';

/** Orders API (issue 9 §3): filled in next. */
export const ordersRoutes = new Hono<AppContext>();
