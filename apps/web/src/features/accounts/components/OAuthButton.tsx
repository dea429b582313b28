import type { OAuthProviderId } from '@brieftaube/shared';
import { Button, Tooltip } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { signInWith } from '../../../api/oauth.ts';
import { errorMessage } from '../../../lib/error-messages.ts';

/** Signs an existing account in again at its provider (renewal, or a Gmail account's switch). */
export function OAuthButton({
  provider,
  accountId,
  children,
}: {
  provider: OAuthProviderId;
  accountId: number;
  children: ReactNode;
}) {
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Tooltip title={failure ?? ''} open={!!failure} onClose={() => setFailure(null)}>
      <Button
        variant="outlined"
        color="inherit"
        size="small"
        loading={starting}
        onClick={() => {
          setStarting(true);
          signInWith(provider, { returnTo: '/app/accounts', accountId }).catch((error: unknown) => {
            setStarting(false);
            setFailure(errorMessage(error));
          });
        }}
      >
        {children}
      </Button>
    </Tooltip>
  );
}
