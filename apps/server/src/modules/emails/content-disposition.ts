import { safeFileName } from '../../mail/mime/safe-file-name.ts';

/** `attachment` with an ASCII fallback and the exact name as RFC 5987 `filename*`. */
export function attachmentDisposition(name: string): string {
  const filename = safeFileName(name) || 'download';
  const fallback =
    filename
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '_')
      .trim() || 'download';
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

// Types a browser would execute or render as a document: always delivered as plain bytes.
// Broad on purpose: any HTML, script, stylesheet transform or XML dialect (RSS, Atom, XUL, …).
const ACTIVE_TYPES = /html|script|xsl|svg|xul|\+xml|\/xml/i;

export function safeContentType(type: string): string {
  return ACTIVE_TYPES.test(type) || !/^[\w.+-]+\/[\w.+-]+$/.test(type)
    ? 'application/octet-stream'
    : type;
}
