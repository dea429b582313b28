export * from './users.ts';
export * from './accounts.ts';
export * from './folders.ts';
export * from './emails.ts';
export * from './categories.ts';
export * from './unfiled-sent.ts';
export * from './ai.ts';
export * from './oauth.ts';
