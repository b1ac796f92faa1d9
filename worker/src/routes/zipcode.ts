import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { ZIP_INVALID, ZIP_NOT_FOUND } from '../domain/bookings.ts';
import { AppError, badRequest } from '../http/errors.ts';
import { lookupZip, ZIP_PATTERN } from '../services/connect/zipcode.ts';

/**
 * `GET /api/zipcode-lookup/{zip}` (decision 0032): the city, state, coordinates and time zone of a
 * US ZIP code, from the offline table. Public; the table only changes with a release, so browsers
 * and shared caches may keep the answer (and a not-found) for a month.
 */

export const ZIP_CACHE_CONTROL = 'public, max-age=2592000';

export const zipcodeRoutes = new Hono<AppContext>().get('/zipcode-lookup/:zip', async (c) => {
  const zip = c.req.param('zip').trim();
  if (!ZIP_PATTERN.test(zip)) throw badRequest(ZIP_INVALID, { zip: [ZIP_INVALID] });
  const place = await lookupZip(zip);
  if (!place) throw new AppError(404, ZIP_NOT_FOUND, { headers: { 'Cache-Control': ZIP_CACHE_CONTROL } });
  c.header('Cache-Control', ZIP_CACHE_CONTROL);
  return c.json(place, 200);
});
