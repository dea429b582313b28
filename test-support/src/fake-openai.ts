import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  [key: string]: unknown;
}

/** What the fake answers: the assistant's text, an HTTP error, or nothing at all (a hang). */
export type FakeReply = { content: string } | { status: number; body?: string } | 'hang';

export interface FakeOpenAi {
  /** The base URL to configure (AI_BASE_URL), ending in /v1. */
  url: string;
  /** Every chat request received, in order. */
  requests: ChatRequest[];
  /** Decides each reply; a test sets it before it asks. */
  reply: (request: ChatRequest) => FakeReply;
  close(): Promise<void>;
}

/**
 * An OpenAI-compatible chat server on 127.0.0.1 that records what it receives and answers what
 * the test says: the only model the tests ever talk to.
 */
export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const hanging = new Set<http.ServerResponse>();
  const fake: FakeOpenAi = {
    url: '',
    requests: [],
    reply: () => ({ status: 500, body: '{"error":{"message":"no reply set"}}' }),
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404).end();
        return;
      }
      const request = JSON.parse(raw) as ChatRequest;
      fake.requests.push(request);
      const reply = fake.reply(request);
      if (reply === 'hang') {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      if ('status' in reply) {
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(reply.body ?? '{"error":{"message":"server error"}}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: `chatcmpl-${fake.requests.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: request.model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: reply.content },
              finish_reason: 'stop',
            },
          ],
          usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}
