import { Button, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Mdi } from '../../../components/ui/Mdi.tsx';

export function EmptyAccounts({ onAdd }: { onAdd: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }}>
      <Mdi name="email-plus-outline" sx={{ fontSize: 56, color: 'text.secondary' }} />
      <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
        {t('accounts.emptyTitle')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: 480, mx: 'auto', mt: 1, mb: 3 }}>
        {t('accounts.emptyText')}
      </Typography>
      <Button variant="contained" size="large" onClick={onAdd} startIcon={<Mdi name="plus" />}>
        {t('accounts.add')}
      </Button>
    </Paper>
  );
}
