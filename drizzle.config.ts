import { defineConfig } from 'drizzle-kit';

// `drizzle-kit generate` writes the committed SQL; with LIBSQL_URL set, `drizzle-kit migrate`
// applies it to a libSQL server (the Workers deployment's database).
const url = process.env.LIBSQL_URL;

export default url
  ? defineConfig({
      dialect: 'turso',
      schema: './db/schema/index.ts',
      out: './db/migrations',
      dbCredentials: { url, authToken: process.env.LIBSQL_AUTH_TOKEN },
    })
  : defineConfig({
      dialect: 'sqlite',
      schema: './db/schema/index.ts',
      out: './db/migrations',
    });
