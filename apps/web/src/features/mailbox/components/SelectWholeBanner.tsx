import { Box, Button, Typography } from '@mui/material';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WholeList } from '../hooks/use-email-selection.ts';

/**
 * Gmail's offer below the toolbar once every loaded row is ticked and the list goes on: tick the
 * whole list instead. It reports its own height, which the virtual list leaves free.
 */
export function SelectWholeBanner({
  loadedCount,
  whole,
  loading,
  onSelectWhole,
  onClear,
  onHeight,
}: {
  loadedCount: number;
  whole: WholeList | null;
  loading: boolean;
  onSelectWhole: () => void;
  onClear: () => void;
  onHeight: (height: number) => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setHeight(element.offsetHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  useLayoutEffect(() => {
    onHeight(height);
    return () => onHeight(0);
  }, [height, onHeight]);

  let text: string;
  if (!whole) text = t('mailbox.selectWhole.loaded', { count: loadedCount });
  else if (whole.truncated)
    text = t('mailbox.selectWhole.truncated', { count: whole.items.length });
  else text = t('mailbox.selectWhole.all', { count: whole.items.length });
  return (
    <Box
      ref={ref}
      data-testid="select-whole"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'center',
        columnGap: 1,
        px: 2,
        py: 0.5,
        bgcolor: 'action.hover',
        borderBottom: 1,
        borderColor: 'divider',
        textAlign: 'center',
      }}
    >
      <Typography variant="body2" role="status">
        {text}
      </Typography>
      <Button
        size="small"
        color="secondary"
        disabled={loading}
        onClick={whole ? onClear : onSelectWhole}
        sx={{ textTransform: 'none', fontWeight: 600 }}
      >
        {whole
          ? t('mailbox.toolbar.deselectAll')
          : loading
            ? t('mailbox.selectWhole.loading')
            : t('mailbox.selectWhole.action')}
      </Button>
    </Box>
  );
}
