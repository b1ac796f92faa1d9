import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';

export const healthRoutes = new Hono<AppContext>().get('/', (c) =>
  c.json({ status: 'ok' as const, time: new Date().toISOString() }, 200),
);
