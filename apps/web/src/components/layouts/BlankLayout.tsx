import { Container, Paper } from '@mui/material';
import { Outlet } from 'react-router';
import { BlankFrame } from './BlankFrame.tsx';

/** Spec §2: login and registration use a blank layout: just the form on a calm background. */
export function BlankLayout() {
  return (
    <BlankFrame>
      <Container
        component="main"
        maxWidth="xs"
        sx={{ flex: 1, display: 'flex', alignItems: 'center', py: 4 }}
      >
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, width: '100%' }}>
          <Outlet />
        </Paper>
      </Container>
    </BlankFrame>
  );
}
