/**
 * Saves a fetched file through a temporary object URL and a download link. Files from mail are
 * never opened inline in the app's origin: a hostile HTML or SVG attachment would run there.
 */
export function saveBlob(blob: Blob, filename: string): void {
  // A neutral type, so that even a browser ignoring `download` would not render it.
  const url = URL.createObjectURL(new Blob([blob], { type: 'application/octet-stream' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A file name for the raw message, from its subject. */
export function emlName(subject: string): string {
  const base = subject
    .replace(/[^\p{L}\p{N} ._-]+/gu, '')
    .trim()
    .slice(0, 80);
  return `${base || 'nachricht'}.eml`;
}
