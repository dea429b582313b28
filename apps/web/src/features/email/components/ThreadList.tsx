import type { EmailListItem } from '@brieftaube/shared';
import { Box, List, ListItem, ListItemButton, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatMediumDate } from '../../../components/mail/format.ts';
import { SenderAvatar } from './SenderAvatar.tsx';

/** The other messages of the conversation, oldest first, each opening its own detail. */
export function ThreadList({
  thread,
  currentId,
  linkState,
}: {
  thread: EmailListItem[];
  currentId: number;
  linkState: unknown;
}) {
  const { t } = useTranslation();
  if (thread.length < 2) return null;
  return (
    <Box component="section" aria-labelledby="thread-title" sx={{ mt: 3 }}>
      <Typography
        id="thread-title"
        variant="subtitle1"
        component="h2"
        sx={{ fontWeight: 700, mb: 1 }}
      >
        {t('email.thread.title')}{' '}
        <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
          · {t('email.thread.count', { count: thread.length })}
        </Typography>
      </Typography>
      <Paper variant="outlined">
        <List disablePadding>
          {thread.map((item, i) => {
            const sender = item.from_name || item.from_address;
            const date = formatMediumDate(item.date);
            const current = item.id === currentId;
            const content = (
              <Box
                sx={{ display: 'flex', gap: 1.5, alignItems: 'center', minWidth: 0, width: '100%' }}
              >
                <SenderAvatar name={item.from_name} address={item.from_address} size={32} />
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
                    <Typography
                      variant="body2"
                      noWrap
                      sx={{ fontWeight: item.is_read ? 500 : 700, flex: 1, minWidth: 0 }}
                    >
                      {sender}
                    </Typography>
                    <Typography variant="caption" sx={{ color: 'text.secondary', flex: 'none' }}>
                      {current ? t('email.thread.current') : date}
                    </Typography>
                  </Box>
                  <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
                    {item.preview || item.subject}
                  </Typography>
                </Box>
              </Box>
            );
            return (
              <ListItem key={item.id} disablePadding divider={i < thread.length - 1}>
                {current ? (
                  <Box
                    aria-current="true"
                    sx={{ px: 2, py: 1.25, width: '100%', bgcolor: 'action.selected' }}
                  >
                    {content}
                  </Box>
                ) : (
                  <ListItemButton
                    component={RouterLink}
                    to={`/app/emails/${item.id}`}
                    state={linkState}
                    aria-label={t('email.thread.open', { sender, date })}
                    sx={{ py: 1.25 }}
                  >
                    {content}
                  </ListItemButton>
                )}
              </ListItem>
            );
          })}
        </List>
      </Paper>
    </Box>
  );
}
