import { Box, FormHelperText, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface Props {
  label: string;
  htmlFor?: string;
  labelId?: string;
  end?: ReactNode;
  error?: string | undefined;
  errorId?: string;
  children: ReactNode;
}

/** One header line of the message (Von, An, Cc, Bcc, Betreff): label left, field, a hairline below. */
export function FieldRow({ label, htmlFor, labelId, end, error, errorId, children }: Props) {
  return (
    <Box sx={{ borderBottom: 1, borderColor: error ? 'error.main' : 'divider', px: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minHeight: 48 }}>
        <Typography
          component="label"
          id={labelId}
          htmlFor={htmlFor}
          sx={{ width: 56, flexShrink: 0, color: 'text.secondary', alignSelf: 'center' }}
        >
          {label}
        </Typography>
        <Box sx={{ flex: 1, minWidth: 0 }}>{children}</Box>
        {end}
      </Box>
      {error && (
        <FormHelperText id={errorId} error role="alert" sx={{ mt: 0, mb: 1, ml: '68px' }}>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
