import type { EmailListItem } from '@brieftaube/shared';
import {
  Alert,
  Box,
  Button,
  List,
  ListItem,
  ListItemButton,
  Skeleton,
  Tooltip,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useEmailList } from '../../../api/emails.ts';
import { Mdi } from '../../../components/ui/Mdi.tsx';
import { errorMessage } from '../../../lib/error-messages.ts';
import { formatLongDate, formatMailDate } from '../lib/format.ts';

function MailRow({ email, now }: { email: EmailListItem; now: Date }) {
  const { t } = useTranslation();
  const unread = !email.is_read;
  const weight = unread ? 700 : 400;
  return (
    <ListItem disablePadding divider>
      <ListItemButton
        component={RouterLink}
        to={`/app/emails/${email.id}`}
        sx={{
          display: 'grid',
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr) auto',
            sm: 'minmax(120px, 220px) minmax(0, 1fr) auto',
          },
          columnGap: 2,
          alignItems: 'center',
          py: 1,
        }}
      >
        <Typography
          noWrap
          sx={{ fontWeight: weight, display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}
        >
          {unread && (
            <Box
              component="span"
              sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'info.main', flexShrink: 0 }}
            />
          )}
          {unread && (
            <Box component="span" sx={visuallyHidden}>
              {`${t('categories.detail.unread')}: `}
            </Box>
          )}
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {email.from_name || email.from_address || t('categories.detail.unknownSender')}
          </Box>
        </Typography>
        <Typography
          noWrap
          sx={{
            fontWeight: weight,
            gridRow: { xs: 2, sm: 'auto' },
            gridColumn: { xs: '1 / -1', sm: 'auto' },
            color: unread ? 'text.primary' : 'text.secondary',
            minWidth: 0,
          }}
        >
          {email.has_attachments && (
            <>
              <Mdi name="paperclip" sx={{ fontSize: 16, verticalAlign: 'text-bottom', mr: 0.5 }} />
              <Box component="span" sx={visuallyHidden}>
                {`${t('categories.detail.attachment')}: `}
              </Box>
            </>
          )}
          {email.subject || t('categories.detail.noSubject')}
        </Typography>
        <Tooltip title={formatLongDate(email.date)}>
          <Typography
            variant="body2"
            component="time"
            dateTime={email.date}
            sx={{ fontWeight: weight, whiteSpace: 'nowrap', color: 'text.secondary' }}
          >
            {formatMailDate(email.date, now)}
          </Typography>
        </Tooltip>
      </ListItemButton>
    </ListItem>
  );
}

// Pixel strings: in sx a bare 1 would mean 100 %.
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The category's messages, newest first, a page at a time (read-only). */
export function CategoryMailList({ categoryId, name }: { categoryId: number; name: string }) {
  const { t } = useTranslation();
  const mails = useEmailList({ category: String(categoryId) });
  const now = new Date();
  const items = mails.data?.pages.flatMap((page) => page.items) ?? [];

  if (mails.isPending)
    return (
      <Box aria-busy="true" aria-label={t('common.loading')} sx={{ p: 2 }}>
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} height={40} />
        ))}
      </Box>
    );
  if (mails.isError)
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {`${t('categories.detail.mailError')} ${errorMessage(mails.error)}`}
      </Alert>
    );
  if (items.length === 0)
    return (
      <Typography sx={{ p: 3, color: 'text.secondary', textAlign: 'center' }}>
        {t('categories.detail.mailEmpty')}
      </Typography>
    );
  return (
    <>
      <List disablePadding aria-label={t('categories.detail.mailListLabel', { name })}>
        {items.map((email) => (
          <MailRow key={email.id} email={email} now={now} />
        ))}
      </List>
      {mails.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
          <Button
            variant="outlined"
            onClick={() => void mails.fetchNextPage()}
            loading={mails.isFetchingNextPage}
          >
            {t('categories.detail.loadMore')}
          </Button>
        </Box>
      )}
    </>
  );
}
