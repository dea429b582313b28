// A standalone page with the real virtualised list and 100,000 synthetic rows (no server), for
// apps/web/bench/run.ts to scroll and time.
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import '@mdi/font/css/materialdesignicons.css';
import '../src/i18n/index.ts';
import { Box, Typography } from '@mui/material';
import { StrictMode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { RowCategory, RowHandlers } from '../src/features/mailbox/components/EmailRow.tsx';
import {
  EmailVirtualList,
  type EmailListHandle,
} from '../src/features/mailbox/components/EmailVirtualList.tsx';
import { useRowLabels } from '../src/features/mailbox/hooks/use-row-labels.ts';
import { colorHex } from '../src/lib/category-colors.ts';
import { ThemeModeProvider } from '../src/theme/theme-mode.tsx';
import { syntheticEmails } from './synthetic.ts';

const COUNT = Number(new URLSearchParams(location.search).get('count') ?? 100_000);
const HEADER = 48;

declare global {
  interface Window {
    __bench?: { count: number; scrollElement: () => HTMLDivElement | null };
  }
}

const categories = new Map<number, RowCategory>(
  ['Rechnungen', 'Arbeit', 'Reisen', 'Verein', 'Familie'].map((name, i) => [
    i + 1,
    { name, color: colorHex(['blue', 'green', 'orange', 'purple', 'teal'][i]) },
  ]),
);

function Bench() {
  const [items, setItems] = useState(() => syntheticEmails(COUNT));
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [focusedId, setFocusedId] = useState<number | null>(null);
  const labels = useRowLabels();
  const listRef = useRef<EmailListHandle>(null);
  const toggleSelect = useCallback((id: number) => {
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);
  const handlers = useMemo<RowHandlers>(
    () => ({
      toggleSelect,
      toggleFlag: (id) =>
        setItems((list) =>
          list.map((i) => (i.id === id ? { ...i, is_flagged: !i.is_flagged } : i)),
        ),
      open: setFocusedId,
      focus: setFocusedId,
      href: (id) => `#${id}`,
    }),
    [toggleSelect],
  );
  useEffect(() => {
    window.__bench = {
      count: items.length,
      scrollElement: () => listRef.current?.scrollElement() ?? null,
    };
  }, [items.length]);
  return (
    <Box sx={{ p: 0, m: 0 }}>
      <Typography
        component="h1"
        sx={{ height: HEADER, lineHeight: `${HEADER}px`, px: 2, fontWeight: 700 }}
      >
        Listen-Benchmark: {items.length.toLocaleString('de-DE')} E-Mails
      </Typography>
      <EmailVirtualList
        ref={listRef}
        items={items}
        selectedIds={selected}
        focusedId={focusedId}
        categories={categories}
        showAccount
        showFolder
        labels={labels}
        handlers={handlers}
        height={window.innerHeight - HEADER}
      />
    </Box>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeModeProvider>
      <Bench />
    </ThemeModeProvider>
  </StrictMode>,
);
