import { useTranslation } from 'react-i18next';
import { ScreenInPreparation } from '../../features/placeholders/ScreenInPreparation.tsx';

export { EmailListPage } from '../../features/mailbox/EmailListPage.tsx';

type ScreenKey =
  'emailDetail' | 'accounts' | 'categories' | 'categoryDetail' | 'compose' | 'oauthCallback';

function screen(key: ScreenKey) {
  return function Screen() {
    const { t } = useTranslation();
    return <ScreenInPreparation title={t(`screens.${key}`)} />;
  };
}

export const EmailDetailScreen = screen('emailDetail');
export const AccountListScreen = screen('accounts');
export const CategoryListScreen = screen('categories');
export const CategoryDetailScreen = screen('categoryDetail');
export const ComposeScreen = screen('compose');
export const OAuthCallbackScreen = screen('oauthCallback');
