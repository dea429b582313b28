import http from 'node:http';
import type net from 'node:net';

export interface TrappedRequest {
  method: string;
  /** For CONNECT (https) the host:port, otherwise the absolute URL. */
  target: string;
  at: number;
}

export interface NetworkTrap {
  port: number;
  requests: TrappedRequest[];
  close(): Promise<void>;
}

/** The port Chromium is told to use as its proxy (playwright.config.ts). */
export const TRAP_PORT = Number(process.env.E2E_TRAP_PORT ?? 3198);

/**
 * Everything the browser sends anywhere but 127.0.0.1 arrives here: Chromium uses this as its
 * proxy, and loopback bypasses proxies. Playwright's own request events and routes do not see
 * requests of a sandboxed srcdoc frame (the mail view), so this is the one place that sees every
 * attempt to load something from the network. Nothing is forwarded: plain requests get an empty
 * answer, TLS tunnels (CONNECT) are refused.
 */
export async function startNetworkTrap(port = TRAP_PORT): Promise<NetworkTrap> {
  const requests: TrappedRequest[] = [];
  const server = http.createServer((req, res) => {
    requests.push({ method: req.method ?? '', target: req.url ?? '', at: Date.now() });
    res.writeHead(204).end();
  });
  server.on('connect', (req: http.IncomingMessage, socket: net.Socket) => {
    requests.push({ method: 'CONNECT', target: req.url ?? '', at: Date.now() });
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    port,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
