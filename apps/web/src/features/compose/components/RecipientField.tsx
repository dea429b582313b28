import { Autocomplete, Avatar, Box, Chip, InputBase, Tooltip, Typography } from '@mui/material';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Contact, useContacts } from '../../../api/compose.ts';
import { Mdi } from '../../../components/ui/Mdi.tsx';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import {
  type Recipient,
  formatRecipient,
  mergeRecipients,
  parseRecipient,
  parseRecipients,
  splitAddressList,
} from '../lib/addresses.ts';
import { FieldRow } from './FieldRow.tsx';

interface Props {
  id: string;
  label: string;
  value: Recipient[];
  onChange: (value: Recipient[]) => void;
  error: string | undefined;
  autoFocus?: boolean;
  /** Controls at the end of the row (the Cc and Bcc toggles). */
  end?: ReactNode;
  inputRef?: React.Ref<HTMLInputElement>;
}

const SEPARATOR = /[,;\n]/;
const toRecipient = (c: Contact): Recipient => ({ name: c.name, address: c.address, valid: true });

const addressOf = (item: Recipient | string) =>
  (typeof item === 'string' ? item : item.address).trim().toLowerCase();

/** A row of address chips with suggestions from earlier correspondence (GET /api/contacts/). */
export function RecipientField({
  id,
  label,
  value,
  onChange,
  error,
  autoFocus,
  end,
  inputRef,
}: Props) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const query = useDebouncedValue(input.trim(), 250);
  const contacts = useContacts(query, query.length > 0);
  const rootRef = useRef<HTMLDivElement>(null);
  const highlighted = useRef<Recipient | null>(null);
  const chosen = useMemo(() => new Set(value.map((r) => r.address.toLowerCase())), [value]);
  const options = useMemo(
    () =>
      input.trim()
        ? (contacts.data ?? []).map(toRecipient).filter((r) => !chosen.has(r.address))
        : [],
    [contacts.data, chosen, input],
  );

  const add = (text: string) => {
    const added = parseRecipients(text);
    if (added.length) onChange(mergeRecipients(value, added));
  };
  const commitInput = () => {
    if (!input.trim()) return;
    add(input);
    setInput('');
  };
  const errorId = `${id}-error`;

  return (
    <FieldRow label={label} htmlFor={id} end={end} error={error} errorId={errorId}>
      <Autocomplete<Recipient, true, true, true>
        ref={rootRef}
        id={id}
        multiple
        freeSolo
        autoHighlight
        filterSelectedOptions
        disableClearable
        options={options}
        value={value}
        inputValue={input}
        filterOptions={(list) => list}
        loading={contacts.isFetching}
        loadingText={t('compose.suggestionsLoading')}
        getOptionLabel={(option) => (typeof option === 'string' ? option : formatRecipient(option))}
        // MUI's freeSolo may hand over the typed text itself for a moment.
        isOptionEqualToValue={(a, b) => addressOf(a) === addressOf(b)}
        onChange={(_event, next) => {
          const list = next.flatMap((item) =>
            typeof item === 'string' ? parseRecipients(item) : [item],
          );
          onChange(mergeRecipients([], list));
          setInput('');
        }}
        onInputChange={(_event, next, reason) => {
          if (reason !== 'input') return;
          // Typing a comma or semicolon finishes an address, as in every mail program.
          if (SEPARATOR.test(next)) {
            const parts = splitAddressList(next);
            const endsWithSeparator = SEPARATOR.test(next.trimEnd().slice(-1));
            const rest = endsWithSeparator ? '' : (parts.pop() ?? '');
            if (parts.length) add(parts.join(', '));
            setInput(rest);
            return;
          }
          setInput(next);
        }}
        onHighlightChange={(_event, option) => {
          highlighted.current = option;
        }}
        onKeyDownCapture={(event) => {
          // Enter takes the highlighted suggestion (as in Gmail), unless the text typed is a
          // complete address of its own. MUI's free-solo mode would take the typed text.
          if (event.key !== 'Enter' || event.ctrlKey || event.metaKey) return;
          const open = (event.target as HTMLElement).getAttribute('aria-expanded') === 'true';
          // autoHighlight marks the first suggestion without reporting it; arrows and the
          // mouse report theirs.
          const current = highlighted.current;
          const option = current && options.includes(current) ? current : options[0];
          const typed = parseRecipient(input);
          if (!open || !option || !input.trim()) return;
          if (typed.valid && typed.address.toLowerCase() !== option.address.toLowerCase()) return;
          event.preventDefault();
          event.stopPropagation();
          onChange(mergeRecipients(value, [option]));
          setInput('');
        }}
        onBlur={(event) => {
          if (rootRef.current?.contains(event.relatedTarget)) return;
          commitInput();
        }}
        renderOption={({ key, ...props }, option) => (
          <Box component="li" key={key} {...props} sx={{ gap: 1.5 }}>
            <Avatar sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'secondary.main' }}>
              {(option.name || option.address).charAt(0).toUpperCase()}
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Typography noWrap>{option.name || option.address}</Typography>
              {option.name && (
                <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
                  {option.address}
                </Typography>
              )}
            </Box>
          </Box>
        )}
        renderValue={(items, getItemProps) =>
          items.map((item, index) => {
            const recipient = typeof item === 'string' ? parseRecipient(item) : item;
            const { key, ...itemProps } = getItemProps({ index });
            const text = recipient.name || recipient.address;
            return (
              <Tooltip
                key={key}
                title={
                  recipient.valid ? formatRecipient(recipient) : t('compose.recipientInvalidChip')
                }
              >
                <Chip
                  {...itemProps}
                  size="small"
                  label={text}
                  color={recipient.valid ? 'default' : 'error'}
                  variant={recipient.valid ? 'filled' : 'outlined'}
                  avatar={
                    recipient.valid ? <Avatar>{text.charAt(0).toUpperCase()}</Avatar> : undefined
                  }
                  icon={recipient.valid ? undefined : <Mdi name="alert-circle-outline" />}
                  onClick={
                    recipient.valid
                      ? undefined
                      : () => {
                          // An invalid address goes back into the input to be corrected.
                          onChange(value.filter((_r, i) => i !== index));
                          setInput(formatRecipient(recipient));
                        }
                  }
                  deleteIcon={<Mdi name="close" />}
                />
              </Tooltip>
            );
          })
        }
        renderInput={(params) => (
          <InputBase
            ref={params.InputProps.ref}
            fullWidth
            inputProps={{
              ...params.inputProps,
              'aria-invalid': !!error,
              'aria-describedby': error ? errorId : undefined,
              ref: mergeRefs(params.inputProps.ref, inputRef),
            }}
            autoFocus={autoFocus}
            className={params.InputProps.className}
            startAdornment={params.InputProps.startAdornment}
            onPaste={(event) => {
              const text = event.clipboardData.getData('text');
              if (!SEPARATOR.test(text) && !text.includes('<')) return;
              event.preventDefault();
              add(`${input}${text}`);
              setInput('');
            }}
            sx={{
              flexWrap: 'wrap',
              gap: 0.5,
              py: 0.75,
              '& input': { minWidth: 120, flex: 1, py: 0.25 },
            }}
          />
        )}
      />
    </FieldRow>
  );
}

function mergeRefs<T>(...refs: (React.Ref<T> | undefined)[]): React.RefCallback<T> {
  return (node) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    }
  };
}
