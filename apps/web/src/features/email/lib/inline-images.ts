import type { EmailDetail } from '@brieftaube/shared';

type Attachment = EmailDetail['attachments'][number];

const RASTER = /^image\/(png|gif|jpeg|webp|bmp)$/;
const MAX_BYTES = 5 * 1024 * 1024;
const BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  gif: 'image/gif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jpe: 'image/jpeg',
  webp: 'image/webp',
  bmp: 'image/bmp',
};

/**
 * The raster type an inline image is shown as, if it is one. Old Outlook labels JPEGs
 * image/pjpeg, and some mailers send every part as application/octet-stream; the file name
 * then tells. Never SVG: it could carry script.
 */
export function rasterTypeOf(a: Pick<Attachment, 'content_type' | 'filename'>): string | undefined {
  const type = a.content_type.toLowerCase().trim();
  if (type === 'image/pjpeg' || type === 'image/jpg') return 'image/jpeg';
  if (type === 'image/x-png') return 'image/png';
  if (RASTER.test(type)) return type;
  if (type !== 'application/octet-stream' && type !== 'image/*') return undefined;
  const extension = /\.([a-z0-9]+)$/i.exec(a.filename ?? '')?.[1]?.toLowerCase() ?? '';
  return BY_EXTENSION[extension];
}

/** A cid: reference as an attachment's Content-ID (RFC 2392: percent-encoded, any case). */
export function bareCid(raw: string): string {
  let cid = raw;
  try {
    cid = decodeURIComponent(raw);
  } catch {
    // A malformed escape: try the reference as written.
  }
  return cid.replace(/^<|>$/g, '').toLowerCase();
}

/** Every Content-ID the HTML refers to with cid:. */
export function cidReferences(html: string): Set<string> {
  return new Set([...html.matchAll(/cid:([^"'\s)>]+)/gi)].map((m) => bareCid(m[1]!)));
}

/** The attachment is an image the HTML shows in place (so it need not be listed as a file). */
export function isEmbeddedImage(a: Attachment, html: string): boolean {
  return (
    !!a.content_id &&
    rasterTypeOf(a) !== undefined &&
    a.size <= MAX_BYTES &&
    cidReferences(html).has(bareCid(a.content_id))
  );
}
