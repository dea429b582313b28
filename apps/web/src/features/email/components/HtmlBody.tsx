import { Box } from '@mui/material';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFillHeight } from '../../../components/mail/use-fill-height.ts';
import { buildSrcdoc, estimateHeight, prepareMailHtml } from '../lib/build-srcdoc.ts';

function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/**
 * Mail HTML in a sandboxed frame: no allow-scripts, no allow-same-origin, so the mail runs no
 * code, cannot reach the app, its storage or its cookies, and cannot navigate it. Only links
 * may open (as new tabs outside the sandbox). The frame document's CSP forbids every network
 * load unless `allowRemote`.
 */
export function HtmlBody({
  html,
  allowRemote,
  inlineImages,
}: {
  html: string;
  allowRemote: boolean;
  inlineImages: ReadonlyMap<string, string>;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const fill = useFillHeight(ref, 420);
  const [width, setWidth] = useState(800);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width / 40) * 40);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const content = useMemo(
    () => prepareMailHtml(html, inlineImages, allowRemote),
    [html, inlineImages, allowRemote],
  );
  const srcdoc = useMemo(() => buildSrcdoc(content, allowRemote), [content, allowRemote]);
  // A new document in an existing frame would be a new entry in the tab's history (Back would
  // step through frame versions instead of leaving the message): each version gets a new frame.
  const frameKey = useMemo(() => hash(srcdoc), [srcdoc]);
  const estimate = useMemo(() => estimateHeight(content, width), [content, width]);
  const height = estimate === null ? fill : Math.min(fill, Math.max(160, estimate));

  return (
    <Box
      ref={ref}
      sx={{
        height,
        minHeight: 120,
        // The frame cannot grow to its content by itself; the reader can drag it taller.
        resize: 'vertical',
        overflow: 'hidden',
        bgcolor: '#ffffff',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      <iframe
        key={frameKey}
        title={t('email.body.frameTitle')}
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        srcDoc={srcdoc}
        style={{ display: 'block', width: '100%', height: '100%', border: 0 }}
      />
    </Box>
  );
}
