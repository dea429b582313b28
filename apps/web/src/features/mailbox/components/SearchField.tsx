import { IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import { useEffect, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Mdi } from '../../../components/ui/Mdi.tsx';

const DEBOUNCE_MS = 350;

/**
 * The list's full-text search. Typing searches after a short pause; the term lives in the URL
 * (`q`), so back/forward and reloads keep it, and a change of the URL from elsewhere (the
 * drawer) is taken over unless it is the field's own echo.
 */
export function SearchField({
  value,
  onSearch,
  inputRef,
  onAiSearch,
}: {
  value: string;
  onSearch: (query: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  /** Issue 22: the same words as a question to the AI search (Ctrl+Enter or the sparkle). */
  onAiSearch?: (query: string) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  const [pushed, setPushed] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== pushed) {
      setPushed(value);
      setText(value);
    }
  }

  const commit = (query: string) => {
    setPushed(query);
    onSearch(query);
  };
  // The plain search's pending debounce must not fire while the AI screen's code still loads
  // (the router keeps this page until then, and the plain search would win the address).
  const searchWithAi = (query: string) => {
    setPushed(query);
    onAiSearch?.(query);
  };

  useEffect(() => {
    const query = text.trim();
    if (query === pushed) return;
    const timer = setTimeout(() => commit(query), DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // `commit` is recreated each render; only the text decides when to search.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, pushed]);

  return (
    <TextField
      size="small"
      type="search"
      value={text}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && onAiSearch && text.trim())
          searchWithAi(text.trim());
        else if (e.key === 'Enter') commit(text.trim());
        if (e.key === 'Escape') {
          e.preventDefault();
          if (text) {
            setText('');
            commit('');
          } else (e.target as HTMLInputElement).blur();
        }
      }}
      placeholder={t('mailbox.search.placeholder')}
      inputRef={inputRef}
      sx={{
        width: { xs: '100%', sm: 340 },
        '& .MuiInputBase-root': { bgcolor: 'background.paper' },
        // The field has its own clear button; Chromium would add a second one.
        '& input::-webkit-search-cancel-button': { WebkitAppearance: 'none', display: 'none' },
      }}
      slotProps={{
        htmlInput: {
          'aria-label': t('mailbox.search.label'),
          'aria-keyshortcuts': '/',
          title: t('mailbox.search.hint'),
          enterKeyHint: 'search',
        },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Mdi name="magnify" />
            </InputAdornment>
          ),
          endAdornment: text ? (
            <InputAdornment position="end">
              {onAiSearch && (
                <Tooltip title={t('mailbox.search.aiHint')}>
                  <IconButton
                    size="small"
                    aria-label={t('ai.search.withAi')}
                    aria-keyshortcuts="Control+Enter"
                    onClick={() => searchWithAi(text.trim())}
                    sx={{ color: 'primary.main' }}
                  >
                    <Mdi name="creation" fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
              <IconButton
                size="small"
                edge="end"
                aria-label={t('mailbox.search.clear')}
                onClick={() => {
                  setText('');
                  commit('');
                }}
              >
                <Mdi name="close" fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}
