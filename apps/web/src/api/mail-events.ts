import { api, session } from '../lib/api.ts';

export interface MailEvent {
  /** 'mailbox' (new, deleted or changed mail) or 'counts'. */
  type: string;
  account_id?: number;
  folder_ids?: number[];
  new_emails?: number;
  deleted_emails?: number;
  changed_flags?: number;
}

const baseUrl = (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '';

/**
 * Listens to GET /api/events/ (server-sent events read with fetch, since EventSource cannot send
 * the Bearer header). Reconnects after the server ends the stream (it does at token expiry) or a
 * network failure; a refused token is refreshed first. Returns a function that stops listening.
 */
export function listenToMailEvents(onEvent: (event: MailEvent) => void): () => void {
  let stopped = false;
  let controller: AbortController | undefined;
  let failures = 0;

  async function readOnce(): Promise<void> {
    controller = new AbortController();
    const token = session.get().accessToken;
    if (!token) throw new Error('no session');
    const response = await fetch(`${baseUrl}/api/events/`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    if (response.status === 401) {
      if (!(await api.refreshSession())) stopped = true;
      return;
    }
    if (!response.ok || !response.body) throw new Error(`events: HTTP ${response.status}`);
    failures = 0;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let split: number;
      while ((split = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, split);
        buffer = buffer.slice(split + 2);
        const data = block
          .split('\n')
          .find((line) => line.startsWith('data: '))
          ?.slice(6);
        if (!data) continue;
        try {
          const event = JSON.parse(data) as MailEvent;
          if (event.type) onEvent(event);
        } catch {
          // A malformed event is skipped; the next list request shows the truth anyway.
        }
      }
    }
  }

  void (async () => {
    while (!stopped) {
      try {
        await readOnce();
      } catch (error) {
        if (stopped || (error as Error).name === 'AbortError') return;
        failures += 1;
      }
      if (stopped) return;
      // Back off while the server is unreachable: 1 s, 2 s, 4 s … at most 30 s.
      await new Promise((resolve) => setTimeout(resolve, Math.min(30_000, 1000 * 2 ** failures)));
    }
  })();

  return () => {
    stopped = true;
    controller?.abort();
  };
}
