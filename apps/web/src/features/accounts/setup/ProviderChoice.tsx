import type { Account } from '@brieftaube/shared';
import { Box, Card, CardActionArea, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ProviderAvatar } from '../components/ProviderAvatar.tsx';

export type ProviderChoiceValue = Account['provider'];
const CHOICES: ProviderChoiceValue[] = ['google', 'microsoft', 'yahoo', 'imap'];

/** Step 1 of the setup: big tiles, one per provider. */
export function ProviderChoice({
  onChoose,
}: {
  onChoose: (provider: ProviderChoiceValue) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Box>
        {/* Below the dialog title or the onboarding step heading, both h2. */}
        <Typography variant="h6" component="h3">
          {t('accounts.setup.chooseTitle')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('accounts.setup.chooseText')}
        </Typography>
      </Box>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        }}
      >
        {CHOICES.map((provider) => (
          <Box component="li" key={provider}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea
                onClick={() => onChoose(provider)}
                sx={{
                  height: '100%',
                  p: 2.5,
                  display: 'flex',
                  justifyContent: 'flex-start',
                  gap: 2,
                }}
              >
                <ProviderAvatar provider={provider} size={52} />
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>
                    {t(`accounts.setup.tiles.${provider}.title`)}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t(`accounts.setup.tiles.${provider}.text`)}
                  </Typography>
                </Box>
              </CardActionArea>
            </Card>
          </Box>
        ))}
      </Box>
    </Stack>
  );
}
