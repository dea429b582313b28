// The signed-in screens, one chunk loaded behind /app (the landing page never downloads them).
export { EmailListPage } from '../../features/mailbox/EmailListPage.tsx';
export { EmailDetailPage as EmailDetailScreen } from '../../features/email/EmailDetailPage.tsx';
export { AccountListPage as AccountListScreen } from '../../features/accounts/AccountListPage.tsx';
export { CategoryListPage as CategoryListScreen } from '../../features/categories/CategoryListPage.tsx';
export { CategoryDetailPage as CategoryDetailScreen } from '../../features/categories/CategoryDetailPage.tsx';
export { OAuthCallbackPage as OAuthCallbackScreen } from '../../features/oauth/OAuthCallbackPage.tsx';
