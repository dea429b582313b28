export * from './users.ts';
export * from './accounts.ts';
