import type { ApiError, ComposeInput } from '@brieftaube/shared';
import type { z } from 'zod';
import type { contactSchema, replyTemplateSchema } from '@brieftaube/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError } from '../lib/api-client.ts';
import { api, session } from '../lib/api.ts';
import { queryString } from './query-string.ts';

export type ReplyTemplate = z.infer<typeof replyTemplateSchema>;
export type Contact = z.infer<typeof contactSchema>;
/** 'draft' opens a saved draft for editing. */
export type ComposeAction = 'reply' | 'reply_all' | 'forward' | 'draft';

export interface SendResult {
  status: 'sent';
  message_id: string;
  sent_copy_id: number | null;
  /** The copy in Sent follows once the IMAP server answers again. */
  sent_copy_pending?: boolean;
}

const baseUrl = (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '';

export const sendEmail = (input: ComposeInput) => api.post<SendResult>('/api/emails/send/', input);
export const saveDraft = (input: ComposeInput) =>
  api.post<{ draft_id: number | null }>('/api/drafts/', input);
/** A discarded draft goes to Trash like any deleted message (the server decides the folder). */
export const discardDraft = (id: number) => api.delete<void>(`/api/emails/${id}/`);
export const getReplyTemplate = (id: number, action: ComposeAction) =>
  api.get<ReplyTemplate>(`/api/emails/${id}/compose/${queryString({ action })}`);
export const suggestContacts = (q: string, signal?: AbortSignal) =>
  api.get<Contact[]>(`/api/contacts/${queryString({ q })}`, signal ? { signal } : {});

/** Seconds until the access token expires, read from its JWT payload (no verification needed). */
function tokenLifetime(token: string): number {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: number }).exp;
    return typeof exp === 'number' ? exp - Date.now() / 1000 : Infinity;
  } catch {
    return Infinity;
  }
}

function postWithProgress<T>(
  path: string,
  body: string,
  onProgress: (fraction: number) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', baseUrl + path);
    xhr.setRequestHeader('content-type', 'application/json');
    xhr.setRequestHeader('accept', 'application/json');
    const token = session.get().accessToken;
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.upload.onload = () => onProgress(1);
    xhr.onload = () => {
      let data: unknown;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(data as T);
        return;
      }
      const isApiError = typeof (data as ApiError | undefined)?.error?.code === 'string';
      const retryAfter = Number(xhr.getResponseHeader('retry-after'));
      reject(
        new ApiRequestError(
          xhr.status,
          isApiError ? (data as ApiError) : undefined,
          Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
        ),
      );
    };
    xhr.onerror = () => reject(new ApiRequestError(0, undefined));
    xhr.onabort = () => reject(new ApiRequestError(0, undefined));
    xhr.send(body);
  });
}

/**
 * Sends like `sendEmail`, but through XMLHttpRequest, because fetch cannot report upload
 * progress: `onProgress` gets the uploaded fraction (0…1) of a body that may carry 25 MB of
 * attachments. Like the API client it refreshes the token once on a 401 and tries again.
 */
export async function sendEmailWithProgress(
  input: ComposeInput,
  onProgress: (fraction: number) => void,
): Promise<SendResult> {
  const body = JSON.stringify(input);
  // Refresh first when the token is about to expire: a 401 after a long upload would mean
  // uploading everything twice.
  const token = session.get().accessToken;
  if (token && tokenLifetime(token) < 60) await api.refreshSession();
  const tokenUsed = session.get().accessToken;
  try {
    return await postWithProgress<SendResult>('/api/emails/send/', body, onProgress);
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.status !== 401) throw error;
    const refreshed = session.get().accessToken !== tokenUsed || (await api.refreshSession());
    if (!refreshed) throw error;
    onProgress(0);
    return postWithProgress<SendResult>('/api/emails/send/', body, onProgress);
  }
}

export const replyTemplateQueryOptions = (id: number, action: ComposeAction) =>
  queryOptions({
    queryKey: ['compose', 'template', id, action],
    queryFn: () => getReplyTemplate(id, action),
    staleTime: Infinity,
  });
export const contactsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['contacts', q],
    queryFn: ({ signal }) => suggestContacts(q, signal),
    staleTime: 60_000,
  });
export const useReplyTemplate = (id: number, action: ComposeAction, enabled = true) =>
  useQuery({ ...replyTemplateQueryOptions(id, action), enabled });
export const useContacts = (q: string, enabled = true) =>
  useQuery({ ...contactsQueryOptions(q), enabled });
