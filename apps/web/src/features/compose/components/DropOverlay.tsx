import { Box, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Mdi } from '../../../components/ui/Mdi.tsx';

export function DropOverlay() {
  const { t } = useTranslation();
  return (
    <Box
      sx={(theme) => ({
        position: 'absolute',
        inset: 0,
        zIndex: 2,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        borderRadius: 'inherit',
        border: `2px dashed ${theme.palette.secondary.main}`,
        bgcolor: alpha(theme.palette.background.paper, 0.92),
        pointerEvents: 'none',
      })}
    >
      <Mdi name="file-upload-outline" sx={{ fontSize: 48, color: 'secondary.main' }} />
      <Typography variant="h6" component="p">
        {t('compose.attachments.dropHere')}
      </Typography>
    </Box>
  );
}
