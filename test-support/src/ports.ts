import fs from 'node:fs';
import net from 'node:net';

/**
 * A TCP port that was free a moment ago on 127.0.0.1, below the kernel's range of ephemeral
 * ports. A port the kernel hands out for `listen(0)` comes from that range, and so does the
 * local port of every outgoing connection: in the seconds before a server process binds the
 * port (a first start runs initdb first), a test's connection to PostgreSQL or Dovecot could
 * take it, and the server would end with EADDRINUSE. Below the range only another caller of
 * this function picks ports, at random among thousands.
 */
export async function freePort(): Promise<number> {
  const low = ephemeralLow();
  const from = Math.max(1024, low - 12_000);
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = from + Math.floor(Math.random() * (low - from));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between ${from} and ${low}`);
}

function ephemeralLow(): number {
  try {
    const [low] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/);
    const value = Number(low);
    if (value > 2048) return value;
  } catch {
    // Not Linux: the IANA range's start.
  }
  return 49_152;
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Resolves once something accepts connections on the port. */
export async function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on port ${port}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
