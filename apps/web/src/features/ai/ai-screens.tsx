// The AI screens, one chunk loaded on demand: /app's first download stays the mailbox's.
export { AskPage } from './AskPage.tsx';
export { AiSearchPage } from './AiSearchPage.tsx';
