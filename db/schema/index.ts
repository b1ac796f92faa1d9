export * from './users.ts';
export * from './roles.ts';
export * from './sessions.ts';
export * from './contact-messages.ts';
export * from './uploads.ts';
export * from './taxonomy.ts';
export * from './courses.ts';
export * from './learning.ts';
