import {
  Box,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Button,
  Typography,
} from '@mui/material';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';

const SECTIONS: { title: string; rows: [keys: string[], label: string][] }[] = [
  {
    title: 'mailbox.shortcuts.listSection',
    rows: [
      [['j'], 'mailbox.shortcuts.next'],
      [['k'], 'mailbox.shortcuts.previous'],
      [['Enter', 'o'], 'mailbox.shortcuts.open'],
      [['x'], 'mailbox.shortcuts.select'],
      [['Esc'], 'mailbox.shortcuts.clear'],
      [['/'], 'mailbox.shortcuts.search'],
    ],
  },
  {
    title: 'mailbox.shortcuts.detailSection',
    rows: [
      [['j'], 'mailbox.shortcuts.nextOpen'],
      [['k'], 'mailbox.shortcuts.previousOpen'],
      [['u'], 'mailbox.shortcuts.markUnreadBack'],
      [['Esc'], 'mailbox.shortcuts.back'],
    ],
  },
  {
    title: 'mailbox.shortcuts.generalSection',
    rows: [
      [['r'], 'mailbox.shortcuts.reply'],
      [['a'], 'mailbox.shortcuts.replyAll'],
      [['f'], 'mailbox.shortcuts.forward'],
      [['#', 'Entf'], 'mailbox.shortcuts.delete'],
      [['e'], 'mailbox.shortcuts.archive'],
      [['!'], 'mailbox.shortcuts.spam'],
      [['c'], 'mailbox.shortcuts.compose'],
      [['q'], 'mailbox.shortcuts.ask'],
      [['?'], 'mailbox.shortcuts.help'],
    ],
  },
];

function Key({ children }: { children: string }) {
  return (
    <Box
      component="kbd"
      sx={{
        display: 'inline-block',
        minWidth: 28,
        px: 0.75,
        py: 0.25,
        border: 1,
        borderColor: 'divider',
        borderBottomWidth: 2,
        borderRadius: 1,
        bgcolor: 'action.hover',
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
        fontSize: 13,
        textAlign: 'center',
      }}
    >
      {children}
    </Box>
  );
}

/** '?' shows every shortcut of the list and the detail view. */
export function ShortcutHelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="shortcut-help">
      <DialogTitle id="shortcut-help">{t('mailbox.shortcuts.title')}</DialogTitle>
      {/* Focusable, so the keyboard can scroll it on small screens. */}
      <DialogContent dividers tabIndex={0} aria-labelledby="shortcut-help">
        {SECTIONS.map((section) => (
          <Box key={section.title} component="section" sx={{ mb: 2, '&:last-child': { mb: 0 } }}>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1, color: 'text.secondary' }}>
              {t(section.title)}
            </Typography>
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: '128px 1fr',
                columnGap: 2,
                rowGap: 1,
                m: 0,
                alignItems: 'center',
              }}
            >
              {section.rows.map(([keys, label]) => (
                <Fragment key={label + keys.join()}>
                  <Box component="dt" sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
                    {keys.map((key, i) => (
                      <Fragment key={key}>
                        {i > 0 && (
                          <Typography component="span" variant="caption">
                            {t('mailbox.shortcuts.or')}
                          </Typography>
                        )}
                        <Key>{key}</Key>
                      </Fragment>
                    ))}
                  </Box>
                  <Box component="dd" sx={{ m: 0 }}>
                    {t(label)}
                  </Box>
                </Fragment>
              ))}
            </Box>
          </Box>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
