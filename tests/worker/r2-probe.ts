import { createR2Storage } from '../../worker/src/platform/r2-storage.ts';

/**
 * A test-only worker: exposes the R2 adapter of the Workers runtime over fetch, so the workerd
 * test can put, get and delete objects through exactly the code the app uses.
 *   PUT /objects/{key} (body, content-type) · GET /objects/{key} · DELETE /objects/{key}
 */
export default {
  async fetch(request: Request, env: { UPLOADS: R2Bucket }): Promise<Response> {
    const url = new URL(request.url);
    const key = decodeURIComponent(url.pathname.replace(/^\/objects\//, ''));
    if (!url.pathname.startsWith('/objects/') || !key) return new Response('Not found', { status: 404 });
    const storage = createR2Storage(env.UPLOADS);
    switch (request.method) {
      case 'PUT': {
        const bytes = new Uint8Array(await request.arrayBuffer());
        await storage.put(key, bytes, request.headers.get('content-type') ?? 'application/octet-stream');
        return new Response(null, { status: 204 });
      }
      case 'GET': {
        const object = await storage.get(key);
        if (!object) return new Response('Not found', { status: 404 });
        return new Response(object.body, {
          headers: { 'content-type': object.contentType, 'x-object-size': String(object.size) },
        });
      }
      case 'DELETE':
        await storage.delete(key);
        return new Response(null, { status: 204 });
      default:
        return new Response('Method not allowed', { status: 405 });
    }
  },
} satisfies ExportedHandler<{ UPLOADS: R2Bucket }>;
