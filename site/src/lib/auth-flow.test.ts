import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { afterRegisterTarget, afterSignInTarget, guardRedirect, loginErrorMessage, registrationErrorMessage } from './auth-flow.ts';

describe('loginErrorMessage: the message under Login failed', () => {
  it('maps 401, 5xx and anything else to the exact messages', () => {
    expect(loginErrorMessage(new ApiError(401, 'Invalid username or password'))).toBe('Invalid username or password.');
    expect(loginErrorMessage(new ApiError(500, 'boom'))).toBe('A server error occurred. Please try again later.');
    expect(loginErrorMessage(new ApiError(400, 'Username is required'))).toBe('Login failed. Please try again.');
    expect(loginErrorMessage(new ApiError(0, 'Network error occurred'))).toBe('Login failed. Please try again.');
    expect(loginErrorMessage(new Error('x'))).toBe('Login failed. Please try again.');
  });
  it('tells a deactivated account so (403 after the right password)', () => {
    expect(loginErrorMessage(new ApiError(403, 'This account has been deactivated.'))).toBe('This account has been deactivated.');
    expect(loginErrorMessage(new ApiError(403, ''))).toBe('This account has been deactivated.');
  });
  it("shows a throttled sign-in's own message", () => {
    expect(loginErrorMessage(new ApiError(429, 'Too many attempts. Try again in 5 minutes.'))).toBe('Too many attempts. Try again in 5 minutes.');
  });
});

describe('registrationErrorMessage: the message under Registration failed', () => {
  it('rewords a taken username, passes other messages through, and has a default', () => {
    expect(registrationErrorMessage(new ApiError(409, 'Username already exists'))).toBe('Username already taken. Please choose another.');
    expect(registrationErrorMessage(new ApiError(400, 'Password must be at least 8 characters'))).toBe('Password must be at least 8 characters');
    expect(registrationErrorMessage(new Error(''))).toBe('Registration failed.');
    expect(registrationErrorMessage(null)).toBe('Registration failed.');
  });
});

describe('afterSignInTarget: ?redirect=, else the after-login rule', () => {
  const student = { role: ['STUDENT'], subscription_tier: 'free', is_active: true };
  const admin = { role: ['ADMIN'], subscription_tier: 'free', is_active: true };
  it('follows a local ?redirect=', () => {
    expect(afterSignInTarget(student, '?redirect=%2Fprofile%3Ftab%3D1')).toBe('/profile?tab=1');
  });
  it('ignores foreign, protocol-relative and auth-page targets', () => {
    expect(afterSignInTarget(student, '?redirect=https%3A%2F%2Fevil.example')).toBe('/dashboard');
    expect(afterSignInTarget(student, '?redirect=%2F%2Fevil.example')).toBe('/dashboard');
    // Control characters a browser drops (tab, CR, LF), and backslashes it reads as slashes.
    for (const vector of ['%2F%0A%2Fother.host%2Fx', '%2F%09%2Fother.host', '%2F%0D%2Fother.host', '%2F%09%5Cother.host', '%2F%5Cother.host', '%2F%2Fother.host', 'https%3A%2F%2Fother.host']) {
      expect(afterSignInTarget(student, `?redirect=${vector}`), vector).toBe('/dashboard');
      expect(afterRegisterTarget(`?redirect=${vector}`), vector).toBe('/dashboard');
    }
    expect(afterSignInTarget(student, '?redirect=%2Fauth%3Fmode%3Dsignup')).toBe('/dashboard');
  });
  it('otherwise uses the after-login rule', () => {
    expect(afterSignInTarget(student, '')).toBe('/dashboard');
    expect(afterSignInTarget(admin, '')).toBe('/admin/dashboard');
    expect(afterSignInTarget({ role: ['STUDENT'], subscription_tier: 'NOBILITY', subscription_status: 'canceled', is_active: true }, '')).toBe('/subscription?tier=NOBILITY');
    expect(afterSignInTarget({ role: ['STUDENT'], subscription_tier: 'educator', subscription_status: 'trialing', is_active: true }, '')).toBe('/dashboard');
  });
});

describe('afterRegisterTarget: ?redirect=, else /dashboard', () => {
  it('goes to /dashboard, or back to the checkout that sent the visitor to sign up', () => {
    expect(afterRegisterTarget('')).toBe('/dashboard');
    expect(afterRegisterTarget('?mode=signup&redirect=%2Fcheckout')).toBe('/checkout');
    expect(afterRegisterTarget('?redirect=%2Fsimple-checkout%3Ftype%3DCOURSE%26itemId%3D5')).toBe('/simple-checkout?type=COURSE&itemId=5');
    expect(afterRegisterTarget('?redirect=https%3A%2F%2Fevil.example')).toBe('/dashboard');
    expect(afterRegisterTarget('?redirect=%2Fauth')).toBe('/dashboard');
  });
});

describe('guardRedirect: where signed-in and admin pages send other visitors', () => {
  it('lets everyone see public pages', () => {
    expect(guardRedirect('public', null, '/about')).toBeNull();
  });
  it('sends anonymous visitors of signed-in pages to /auth with the way back', () => {
    expect(guardRedirect('signed-in', null, '/profile/edit?x=1')).toBe('/auth?redirect=%2Fprofile%2Fedit%3Fx%3D1');
    expect(guardRedirect('signed-in', { role: ['STUDENT'] }, '/profile')).toBeNull();
  });
  it('sends anonymous visitors of admin pages to /auth and non-admins to /', () => {
    expect(guardRedirect('admin', null, '/admin/users')).toBe('/auth');
    expect(guardRedirect('admin', { role: ['STUDENT', 'SELLER'] }, '/admin/users')).toBe('/');
    for (const role of ['ADMIN', 'CURRICULUM_ADMIN', 'INSTRUCTOR_ADMIN', 'COURSE_CREATOR_ADMIN']) {
      expect(guardRedirect('admin', { role: [role] }, '/admin/users')).toBeNull();
    }
    expect(guardRedirect('admin', { role: 'ADMIN' }, '/admin')).toBeNull();
  });
});
