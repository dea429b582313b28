import { Accordion, AccordionDetails, AccordionSummary, Box, Typography } from '@mui/material';
import { useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Mdi } from '../../../components/ui/Mdi.tsx';
import type { AccountFormValues } from '../lib/account-form.ts';
import { ServerSettingsFields } from './ServerSettingsFields.tsx';
import type { AutofillSource } from './use-preset-autofill.ts';

interface Props {
  form: UseFormReturn<AccountFormValues>;
  open: boolean;
  onToggle: () => void;
  source: AutofillSource;
  onEdited: () => void;
}

/** 'Servereinstellungen': collapsed to a one-line summary when a preset filled them in. */
export function ServerSettingsSection({ form, open, onToggle, source, onEdited }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [imapServer, imapPort, smtpServer, smtpPort] = useWatch({
    control: form.control,
    name: ['imap_server', 'imap_port', 'smtp_server', 'smtp_port'],
  });
  const summary = [
    imapServer && `IMAP ${imapServer}${imapPort ? `:${imapPort}` : ''}`,
    smtpServer && `SMTP ${smtpServer}${smtpPort ? `:${smtpPort}` : ''}`,
  ]
    .filter(Boolean)
    .join(' · ');
  const note =
    source?.kind === 'preset'
      ? t('accounts.setup.presetApplied', { label: source.label })
      : source?.kind === 'guess'
        ? t('accounts.setup.guessed')
        : null;

  return (
    <Accordion
      expanded={open}
      onChange={onToggle}
      variant="outlined"
      disableGutters
      sx={{ borderRadius: 1, '&::before': { display: 'none' } }}
    >
      <AccordionSummary
        expandIcon={<Mdi name="chevron-down" />}
        id={`${id}-header`}
        aria-controls={`${id}-content`}
      >
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', minWidth: 0 }}>
          <Mdi name="server-network" sx={{ color: 'text.secondary' }} />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }}>{t('accounts.setup.serverSettings')}</Typography>
            {summary && (
              <Typography
                variant="body2"
                sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
              >
                {summary}
              </Typography>
            )}
            {note && (
              <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
                {note}
              </Typography>
            )}
          </Box>
        </Box>
      </AccordionSummary>
      <AccordionDetails sx={{ pt: 1 }}>
        <ServerSettingsFields form={form} onEdited={onEdited} />
      </AccordionDetails>
    </Accordion>
  );
}
