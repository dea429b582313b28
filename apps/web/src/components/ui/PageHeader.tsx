import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** The heading of a management page: title, one line of explanation, the page's main action. */
export function PageHeader({
  title,
  intro,
  action,
}: {
  title: ReactNode;
  intro: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        gap: 2,
        flexWrap: 'wrap',
        alignItems: 'flex-start',
        justifyContent: 'space-between',
        mb: 3,
      }}
    >
      <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{intro}</Typography>
      </Box>
      {action}
    </Box>
  );
}
