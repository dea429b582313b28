import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  [key: string]: unknown;
}

/** What the fake answers: the assistant's text, an HTTP error, or nothing at all (a hang). */
export type FakeReply = { content: string } | { status: number; body?: string } | 'hang';

/** What the fake's /v1/embeddings received. */
export interface EmbeddingRequest {
  model: string;
  input: string[];
}

/**
 * A deterministic vector of a text: its words hashed into 64 dimensions, so that texts sharing
 * words are similar. A test may replace it (words of one meaning on one dimension).
 */
export function hashedEmbedding(text: string): number[] {
  const vector = Array.from({ length: 64 }, () => 0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    let hash = 2166136261;
    for (const char of word) hash = Math.imul(hash ^ char.codePointAt(0)!, 16777619);
    vector[(hash >>> 0) % 64]! += 1;
  }
  return vector;
}

export interface FakeOpenAi {
  /** The base URL to configure (AI_BASE_URL), ending in /v1. */
  url: string;
  /** Every chat request received, in order. */
  requests: ChatRequest[];
  /** Decides each reply; a test sets it before it asks. */
  reply: (request: ChatRequest) => FakeReply;
  /** Every embedding request received, in order. */
  embeddingRequests: EmbeddingRequest[];
  /** The vector of one input text; or an HTTP status to fail the whole request with. */
  embed: (text: string) => number[] | { status: number };
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
    embeddingRequests: [],
    embed: hashedEmbedding,
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
      if (req.method === 'POST' && req.url?.endsWith('/embeddings')) {
        embeddings(JSON.parse(raw) as { model: string; input: string | string[] }, res);
        return;
      }
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
  function embeddings(body: { model: string; input: string | string[] }, res: http.ServerResponse) {
    const input = Array.isArray(body.input) ? body.input : [body.input];
    fake.embeddingRequests.push({ model: body.model, input });
    const vectors = input.map((text) => fake.embed(text));
    const failed = vectors.find((v): v is { status: number } => !Array.isArray(v));
    if (failed) {
      res.writeHead(failed.status, { 'content-type': 'application/json' });
      res.end('{"error":{"message":"embedding failed"}}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        object: 'list',
        data: vectors.map((embedding, index) => ({ object: 'embedding', index, embedding })),
        model: body.model,
        usage: { prompt_tokens: input.length, total_tokens: input.length },
      }),
    );
  }
  // Idle connections stay open until close(): a server that drops an idle keep-alive socket
  // races the client reusing it, and a call lost on a socket closed under it never reached the
  // fake (a CI run on a loaded VM counted three calls for two batches tried twice each).
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}
