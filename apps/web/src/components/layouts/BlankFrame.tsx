import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { Logo } from '../ui/Logo.tsx';
import { ThemeToggle } from '../ui/ThemeToggle.tsx';

/** The calm page of spec §2's blank layout: the logo and the theme switch above the content. */
export function BlankFrame({ logoTo = '/', children }: { logoTo?: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
      }}
    >
      <Box
        component="header"
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          px: 3,
          py: 2,
        }}
      >
        <Logo to={logoTo} />
        <ThemeToggle color="default" />
      </Box>
      {children}
    </Box>
  );
}
