import { serve } from '@hono/node-server';
import { Hono } from 'hono';

// The bare Hono hello-world the app is measured against, in the same run.
const app = new Hono().get('/', (c) => c.text('Hello Hono!'));
serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 4511), hostname: '127.0.0.1' }, (info) => {
  console.log(`hello listening on ${info.port}`);
});
