import type { EmailDetail } from '@brieftaube/shared';
import { Box, Button, Chip, IconButton, Link, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Mdi } from '../../../components/ui/Mdi.tsx';
import { formatFullDate } from '../../../components/mail/format.ts';
import { BreakableAddress } from '../../../components/mail/BreakableAddress.tsx';
import { SenderAvatar } from './SenderAvatar.tsx';

type Address = EmailDetail['to'][number];
const SHOWN = 4;

function AddressLine({ label, addresses }: { label: string; addresses: Address[] }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  if (addresses.length === 0) return null;
  const shown = all ? addresses : addresses.slice(0, SHOWN);
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
      <Box component="span" sx={{ fontWeight: 600 }}>
        {label}:
      </Box>{' '}
      {shown.map((a, i) => (
        <span key={`${a.address}${i}`}>
          {i > 0 && ', '}
          <span title={a.address}>{a.name ? `${a.name} <${a.address}>` : a.address}</span>
        </span>
      ))}
      {addresses.length > SHOWN && (
        <>
          {' '}
          <Link
            component="button"
            variant="body2"
            onClick={() => setAll((v) => !v)}
            sx={{ verticalAlign: 'baseline' }}
          >
            {all
              ? t('email.header.less')
              : t('email.header.more', { count: addresses.length - SHOWN })}
          </Link>
        </>
      )}
    </Typography>
  );
}

/** Subject, sender, recipients, date and where the message lies. Everything is plain text. */
export function DetailHeader({
  detail,
  category,
  onToggleFlag,
  onConfirmCategory,
  onChangeCategory,
}: {
  detail: EmailDetail;
  category: { name: string; color: string } | undefined;
  onToggleFlag: () => void;
  /** The AI's choice made the user's own (it then teaches the engine, as any filing does). */
  onConfirmCategory: () => void;
  onChangeCategory: (anchor: HTMLElement) => void;
}) {
  const { t } = useTranslation();
  const flagLabel = detail.is_flagged ? t('email.actions.unflag') : t('email.actions.flag');
  const byAi = detail.category_source === 'ai';
  const aiText =
    detail.category_confidence === null
      ? t('ai.categorize.byAi')
      : t('ai.categorize.byAiConfidence', {
          percent: Math.round(detail.category_confidence * 100),
        });
  return (
    <Box component="header" sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 2 }}>
        <Typography
          variant="h5"
          component="h1"
          sx={{ fontWeight: 700, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
        >
          {detail.subject || t('email.header.noSubject')}
        </Typography>
        <Tooltip title={flagLabel}>
          <IconButton
            aria-label={t('email.actions.flag')}
            aria-pressed={detail.is_flagged}
            onClick={onToggleFlag}
          >
            <Mdi
              name={detail.is_flagged ? 'star' : 'star-outline'}
              sx={{
                color: detail.is_flagged
                  ? (theme) => (theme.palette.mode === 'dark' ? '#FFCA28' : '#B26A00')
                  : undefined,
              }}
            />
          </IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Chip
          size="small"
          variant="outlined"
          icon={<Mdi name="folder-outline" className="mdi-folder-outline" />}
          label={detail.folder_name}
        />
        {category && (
          <Chip
            size="small"
            icon={
              <Box
                component="span"
                sx={{
                  width: 10,
                  height: 10,
                  borderRadius: '50%',
                  bgcolor: category.color,
                  ml: '8px !important',
                }}
              />
            }
            label={
              byAi ? (
                <Box
                  component="span"
                  sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
                >
                  {category.name}
                  <Mdi
                    name="creation"
                    aria-hidden={false}
                    role="img"
                    aria-label={aiText}
                    sx={{ fontSize: 14, color: 'primary.main' }}
                  />
                </Box>
              ) : (
                category.name
              )
            }
            {...(byAi ? { title: aiText } : {})}
            sx={{
              bgcolor: `${category.color}29`,
              boxShadow: `inset 0 0 0 1px ${category.color}80`,
            }}
          />
        )}
        {category && byAi && (
          <Box sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}>
            <Button
              size="small"
              startIcon={<Mdi name="check" />}
              onClick={onConfirmCategory}
              aria-label={t('ai.categorize.confirmLabel', { name: category.name })}
              sx={{ minHeight: 24, py: 0 }}
            >
              {t('ai.categorize.confirm')}
            </Button>
            <Button
              size="small"
              startIcon={<Mdi name="tag-edit-outline" />}
              onClick={(event) => onChangeCategory(event.currentTarget)}
              aria-label={t('ai.categorize.correctLabel')}
              aria-haspopup="menu"
              sx={{ minHeight: 24, py: 0 }}
            >
              {t('ai.categorize.correct')}
            </Button>
          </Box>
        )}
        {detail.is_answered && (
          <Chip
            size="small"
            variant="outlined"
            icon={<Mdi name="reply" className="mdi-reply" />}
            label={t('email.header.answered')}
          />
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <SenderAvatar name={detail.from_name} address={detail.from_address} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'baseline' }}>
            <Typography sx={{ fontWeight: 700 }}>
              {detail.from_name || detail.from_address || t('email.header.unknownSender')}
            </Typography>
            {detail.from_name && detail.from_address && (
              <Typography
                variant="body2"
                sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
              >
                &lt;
                <BreakableAddress address={detail.from_address} />
                &gt;
              </Typography>
            )}
            {/* When it was written (the Date header, as the list shows it), as Thunderbird
                shows it; imported or late mail would otherwise carry the day it reached the
                server, which the tooltip names where it differs. On a phone it has a line of
                its own under the sender, flush with it: pushed to the right of a wrapped
                address it would stand at whatever indent the line left over. */}
            <Typography
              component="time"
              dateTime={detail.date}
              title={
                detail.received_at !== detail.date
                  ? t('email.header.receivedAt', { date: formatFullDate(detail.received_at) })
                  : formatFullDate(detail.date)
              }
              variant="body2"
              sx={{
                color: 'text.secondary',
                flexBasis: { xs: '100%', sm: 'auto' },
                ml: { sm: 'auto' },
              }}
            >
              {formatFullDate(detail.date)}
            </Typography>
          </Box>
          <AddressLine label={t('email.header.to')} addresses={detail.to} />
          <AddressLine label={t('email.header.cc')} addresses={detail.cc} />
          <AddressLine label={t('email.header.bcc')} addresses={detail.bcc} />
          {detail.reply_to.length > 0 &&
            detail.reply_to.some(
              (r) => r.address.toLowerCase() !== detail.from_address.toLowerCase(),
            ) && <AddressLine label={t('email.header.replyTo')} addresses={detail.reply_to} />}
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            <Box component="span" sx={{ fontWeight: 600 }}>
              {t('email.header.account')}:
            </Box>{' '}
            {t('email.header.location', {
              account: detail.account_email,
              folder: detail.folder_name,
            })}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
