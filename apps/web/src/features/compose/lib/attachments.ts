/**
 * The server's limit for all attachments of one message together, forwarded ones included
 * (apps/server/src/modules/compose/compose.service.ts MAX_ATTACHMENT_BYTES).
 */
export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;

/** A file the user added; `id` keeps React keys stable when two files share a name. */
export interface LocalAttachment {
  id: string;
  file: File;
}

/** An attachment of the forwarded mail: the server adds it itself when sending. */
export interface ForwardedAttachment {
  filename: string;
  size: number;
}

const number = (digits: number) =>
  new Intl.NumberFormat('de-DE', { maximumFractionDigits: digits });

/** "12 Byte", "350 KB", "1,2 MB" — binary units, as mail programs show sizes. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${number(0).format(bytes)} Byte`;
  if (bytes < 1024 * 1024) return `${number(0).format(Math.max(1, Math.round(bytes / 1024)))} KB`;
  if (bytes < 1024 ** 3) return `${number(1).format(bytes / 1024 ** 2)} MB`;
  return `${number(1).format(bytes / 1024 ** 3)} GB`;
}

export const totalBytes = (local: LocalAttachment[], forwarded: ForwardedAttachment[]) =>
  local.reduce((sum, a) => sum + a.file.size, 0) + forwarded.reduce((sum, a) => sum + a.size, 0);

let nextId = 0;
export const toLocalAttachment = (file: File): LocalAttachment => ({
  id: `a${++nextId}`,
  file,
});

// A draft is saved again after every change; each file is read only once.
const encoded = new WeakMap<File, Promise<string>>();

/** The file's bytes as base64, the way the send and draft endpoints take them. */
export function fileToBase64(file: File): Promise<string> {
  let result = encoded.get(file);
  if (!result) {
    result = new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => {
        const url = reader.result as string;
        resolve(url.slice(url.indexOf(',') + 1));
      };
      reader.onerror = () => reject(reader.error ?? new Error('read failed'));
      reader.readAsDataURL(file);
    });
    result.catch(() => encoded.delete(file));
    encoded.set(file, result);
  }
  return result;
}
