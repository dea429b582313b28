import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A titled part of the drawer ('E-MAIL-KONTEN', 'VERWALTUNG') with an optional button. */
export function DrawerSection({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ pb: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', pl: 2, pr: 1, pt: 1, minHeight: 40 }}>
        <Typography
          id={id}
          component="h2"
          variant="overline"
          sx={{
            flex: 1,
            color: 'text.secondary',
            fontWeight: 700,
            letterSpacing: 1,
            lineHeight: 2,
          }}
        >
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Box>
  );
}
