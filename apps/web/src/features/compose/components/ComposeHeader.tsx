import type { Account } from '@brieftaube/shared';
import { Box, Button, InputBase, MenuItem, Select, Tooltip } from '@mui/material';
import { useState } from 'react';
import { type Control, Controller, type FieldErrors, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type ComposeValues, invalidAddressMessage } from '../lib/compose-values.ts';
import { FieldRow } from './FieldRow.tsx';
import { RecipientField } from './RecipientField.tsx';

interface Props {
  control: Control<ComposeValues>;
  errors: FieldErrors<ComposeValues>;
  accounts: Account[];
  focusTo: boolean;
}

const accountLabel = (a: Account) =>
  a.display_name ? `${a.display_name} <${a.email_address}>` : a.email_address;

/** Von, An, Cc, Bcc and Betreff; Cc and Bcc stay hidden until used. */
export function ComposeHeader({ control, errors, accounts, focusTo }: Props) {
  const { t } = useTranslation();
  const [cc, bcc] = useWatch({ control, name: ['cc', 'bcc'] });
  const [showCc, setShowCc] = useState(cc.length > 0);
  const [showBcc, setShowBcc] = useState(bcc.length > 0);
  const [focusField, setFocusField] = useState<'cc' | 'bcc' | null>(null);

  const toggles = (
    <Box sx={{ display: 'flex', flexShrink: 0 }}>
      {!showCc && (
        <Tooltip title={t('compose.showCc')}>
          <Button
            size="small"
            color="inherit"
            sx={{ minWidth: 0, px: 1 }}
            onClick={() => {
              setShowCc(true);
              setFocusField('cc');
            }}
          >
            {t('compose.cc')}
          </Button>
        </Tooltip>
      )}
      {!showBcc && (
        <Tooltip title={t('compose.showBcc')}>
          <Button
            size="small"
            color="inherit"
            sx={{ minWidth: 0, px: 1 }}
            onClick={() => {
              setShowBcc(true);
              setFocusField('bcc');
            }}
          >
            {t('compose.bcc')}
          </Button>
        </Tooltip>
      )}
    </Box>
  );

  const recipientError = (field: 'to' | 'cc' | 'bcc', list: ComposeValues['to']) =>
    errors[field]?.message ?? invalidAddressMessage(list);

  return (
    <>
      <FieldRow
        label={t('compose.from')}
        labelId="compose-from-label"
        error={errors.account?.message}
      >
        <Controller
          control={control}
          name="account"
          render={({ field }) => (
            <Select
              value={field.value}
              onChange={(event) => field.onChange(Number(event.target.value))}
              onBlur={field.onBlur}
              inputRef={field.ref}
              variant="standard"
              disableUnderline
              fullWidth
              labelId="compose-from-label"
              sx={{ '& .MuiSelect-select': { py: 1 } }}
            >
              {accounts.map((a) => (
                <MenuItem key={a.id} value={a.id}>
                  {accountLabel(a)}
                </MenuItem>
              ))}
            </Select>
          )}
        />
      </FieldRow>
      <Controller
        control={control}
        name="to"
        render={({ field }) => (
          <RecipientField
            id="compose-to"
            label={t('compose.to')}
            value={field.value}
            onChange={field.onChange}
            error={recipientError('to', field.value)}
            autoFocus={focusTo}
            inputRef={field.ref}
            end={toggles}
          />
        )}
      />
      {showCc && (
        <Controller
          control={control}
          name="cc"
          render={({ field }) => (
            <RecipientField
              id="compose-cc"
              label={t('compose.cc')}
              value={field.value}
              onChange={field.onChange}
              error={recipientError('cc', field.value)}
              autoFocus={focusField === 'cc'}
              inputRef={field.ref}
            />
          )}
        />
      )}
      {showBcc && (
        <Controller
          control={control}
          name="bcc"
          render={({ field }) => (
            <RecipientField
              id="compose-bcc"
              label={t('compose.bcc')}
              value={field.value}
              onChange={field.onChange}
              error={recipientError('bcc', field.value)}
              autoFocus={focusField === 'bcc'}
              inputRef={field.ref}
            />
          )}
        />
      )}
      <FieldRow label={t('compose.subject')} htmlFor="compose-subject">
        <Controller
          control={control}
          name="subject"
          render={({ field: { ref, ...field } }) => (
            <InputBase
              {...field}
              inputRef={ref}
              id="compose-subject"
              fullWidth
              inputProps={{ maxLength: 998 }}
              sx={{ py: 0.75 }}
            />
          )}
        />
      </FieldRow>
    </>
  );
}
