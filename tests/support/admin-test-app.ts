import { afterAll, beforeAll, expect } from 'vitest';
import { PERMISSION_DENIED } from '../../worker/src/domain/permissions.ts';
import { createAdmin, createSignedInUser, signIn, type FactoryUser } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export interface AdminTestApp {
  t: TestApp;
  admin: FactoryUser;
  adminToken: string;
  studentToken: string;
}

/** An app on a fresh database with a signed-in admin and a signed-in student (admin route tests). */
export async function createAdminTestApp(): Promise<AdminTestApp> {
  const t = await createTestApp();
  const admin = await createAdmin(t.db);
  const adminToken = await signIn(t.db, admin.id);
  const studentToken = (await createSignedInUser(t.db)).token;
  return { t, admin, adminToken, studentToken };
}

/**
 * createAdminTestApp for a whole test file: made before its tests, closed after them. The fields
 * are set once beforeAll has run, so read them inside the tests (app.t, app.adminToken).
 */
export function useAdminTestApp(): AdminTestApp {
  const app = {} as AdminTestApp;
  beforeAll(async () => {
    Object.assign(app, await createAdminTestApp());
  });
  afterAll(() => app.t.close());
  return app;
}

/**
 * An admin-only route: 401 signed out, 403 with the permission message for the student, and 403
 * for every other token given (e.g. an instructor's, another admin role's).
 */
export async function expectAdminOnly(t: TestApp, method: string, path: string, body: unknown, studentToken: string, otherTokens: string[]): Promise<void> {
  expect((await t.json(method, path, body)).status).toBe(401);
  const res = await t.json(method, path, body, studentToken);
  expect(res.status).toBe(403);
  expect(await res.json()).toEqual({ message: PERMISSION_DENIED });
  for (const token of otherTokens) expect((await t.json(method, path, body, token)).status).toBe(403);
}
