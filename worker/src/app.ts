import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import type { AppContext } from './app-context.ts';
import { AppError, handleError } from './http/errors.ts';
import { healthRoutes } from './routes/health.ts';
import { siteRoutes } from './routes/site.ts';

/** JSON bodies are small; uploads have their own limit inside the upload route. */
const JSON_BODY_LIMIT = 1024 * 1024;

const api = new Hono<AppContext>()
  .basePath('/api')
  .use('*', async (c, next) => {
    const type = c.req.header('content-type') ?? '';
    if (type.startsWith('multipart/form-data')) return next();
    return bodyLimit({
      maxSize: JSON_BODY_LIMIT,
      onError: () => {
        throw new AppError(413, 'Request body too large');
      },
    })(c, next);
  })
  .route('/health', healthRoutes);

export type AppType = typeof api;

/** Builds the app of both runtimes. The entry puts a `platform` into the bindings. */
export function createApp() {
  const app = new Hono<AppContext>();
  app.use('*', async (c, next) => {
    const platform = c.env?.platform;
    if (!platform) throw new Error('The runtime entry did not provide a platform');
    c.set('platform', platform);
    c.set('user', null);
    await next();
  });
  app.use('*', secureHeaders({ crossOriginResourcePolicy: 'same-origin', xFrameOptions: 'DENY' }));
  app.onError(handleError);
  app.route('/', api);
  app.all('/api/*', () => {
    throw new AppError(404, 'Not found');
  });
  app.route('/', siteRoutes);
  app.notFound((c) => c.json({ message: 'Not found' }, 404));
  return app;
}
