import { Box } from '@mui/material';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFillHeight } from '../../../components/mail/use-fill-height.ts';
import { buildSrcdoc, prepareMailHtml } from '../lib/build-srcdoc.ts';
import { MAX_FRAME_HEIGHT, MIN_FRAME_HEIGHT, MailMeasurer } from '../lib/measure-mail.ts';

function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

interface Measured {
  content: string;
  height: number;
  uncertain: boolean;
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

  const content = useMemo(
    () => prepareMailHtml(html, inlineImages, allowRemote),
    [html, inlineImages, allowRemote],
  );
  const srcdoc = useMemo(() => buildSrcdoc(content, allowRemote), [content, allowRemote]);
  // A new document in an existing frame would be a new entry in the tab's history (Back would
  // step through frame versions instead of leaving the message): each version gets a new frame.
  const frameKey = useMemo(() => hash(srcdoc), [srcdoc]);

  // The frame is as tall as the mail, measured on an inert copy (measure-mail.ts) at the
  // frame's width, and again whenever that width changes.
  const [measured, setMeasured] = useState<Measured>();
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    let measurer: MailMeasurer | null = null;
    const update = () => {
      if (!measurer || !box.clientWidth) return;
      const height = measurer.measure(box.clientWidth);
      const next = { content, height, uncertain: measurer.uncertain };
      // Its own new height reaches the observer too; an unchanged measure renders nothing.
      setMeasured((last) =>
        last?.content === next.content && last.height === next.height ? last : next,
      );
    };
    try {
      measurer = new MailMeasurer(content, update);
    } catch (error) {
      // Without a measure the frame keeps the old behaviour: the window's height, draggable.
      console.warn('Mail could not be measured', error);
    }
    // Measured before the first paint, so that the frame never shows at a guessed height.
    update();
    const observer = new ResizeObserver(update);
    observer.observe(box);
    return () => {
      observer.disconnect();
      measurer?.dispose();
    };
  }, [content]);

  const current = measured?.content === content ? measured : undefined;
  // Remote images of unknown size may make the mail taller than measured: such a mail gets at
  // least the window's height, scrolls inside and can be dragged taller, as before.
  const fitted = !!current && !current.uncertain && current.height <= MAX_FRAME_HEIGHT;
  const frameHeight = !current
    ? fill
    : current.uncertain
      ? Math.min(MAX_FRAME_HEIGHT, Math.max(current.height, fill))
      : Math.min(MAX_FRAME_HEIGHT, Math.max(MIN_FRAME_HEIGHT, current.height));

  return (
    <Box
      ref={ref}
      sx={{
        // The border is outside the frame's own height.
        height: frameHeight + 2,
        ...(fitted ? {} : { minHeight: 120, resize: 'vertical' }),
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
