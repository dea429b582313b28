import { Box, Container, Paper } from '@mui/material';
import { Outlet } from 'react-router';
import { Logo } from '../ui/Logo.tsx';
import { ThemeToggle } from '../ui/ThemeToggle.tsx';

/** Spec §2: login and registration use a blank layout: just the form on a calm background. */
export function BlankLayout() {
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
        <Logo />
        <ThemeToggle color="default" />
      </Box>
      <Container
        component="main"
        maxWidth="xs"
        sx={{ flex: 1, display: 'flex', alignItems: 'center', py: 4 }}
      >
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, width: '100%' }}>
          <Outlet />
        </Paper>
      </Container>
    </Box>
  );
}
