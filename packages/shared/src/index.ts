export * from './codes.ts';
export * from './errors.ts';
export * from './auth.ts';
export * from './accounts.ts';
export * from './folders.ts';
export * from './categories.ts';
export * from './emails.ts';
export * from './compose.ts';
