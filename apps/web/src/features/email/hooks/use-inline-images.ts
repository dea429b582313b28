import type { EmailDetail } from '@brieftaube/shared';
import { useQuery } from '@tanstack/react-query';
import { downloadAttachment } from '../../../api/emails.ts';
import { bareCid, isEmbeddedImage, rasterTypeOf } from '../lib/inline-images.ts';

const EMPTY: ReadonlyMap<string, string> = new Map();

function toDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}

/**
 * Inline images of an HTML mail (cid: references), fetched with the Bearer token and turned into
 * data: URLs — the only image source the mail frame's CSP permits besides allowed remote content.
 * Raster types only: an SVG could carry script.
 */
export function useInlineImages(detail: EmailDetail | undefined): ReadonlyMap<string, string> {
  const html = detail?.body_html ?? '';
  const wanted = (detail?.attachments ?? []).filter((a) => isEmbeddedImage(a, html));
  const { data } = useQuery({
    queryKey: ['emails', 'inline-images', detail?.id, wanted.map((a) => a.part)],
    enabled: wanted.length > 0,
    staleTime: Infinity,
    queryFn: async () => {
      const entries = await Promise.all(
        wanted.map(async (a) => {
          try {
            const blob = await downloadAttachment(a.url);
            const typed = new Blob([blob], { type: rasterTypeOf(a)! });
            return [bareCid(a.content_id!), await toDataUrl(typed)] as const;
          } catch {
            return null;
          }
        }),
      );
      return new Map(entries.filter((e) => e !== null));
    },
  });
  return data ?? EMPTY;
}
