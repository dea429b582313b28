import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@brieftaube/test-support/test-app.ts';

describe('HTTP surface', () => {
  let t: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'bt-dist-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Brieftaube</title><div id="root"></div>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    t = await startTestApp('pglite', { WEB_DIST_DIR: dist }, { serveWeb: true });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/app', '/app/emails/42', '/login?redirect=/app', '/does/not/exist'])(
    'answers %s with the app shell (history-mode fallback)',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves hashed assets as immutable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('serves assets of a rebuild made while it runs; a missing one is a 404, not the shell', async () => {
    fs.writeFileSync(path.join(dist, 'assets', 'app-5678.js'), 'console.log(2)');
    const fresh = await t.app.inject({ method: 'GET', url: '/assets/app-5678.js' });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.body).toBe('console.log(2)');
    for (const url of ['/assets/app-0000.js', '/assets/style-0000.css', '/favicon-alt.png']) {
      const missing = await t.app.inject({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.body, url).not.toContain('<div id="root">');
    }
  });

  it('sends a strict Content-Security-Policy and the usual security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('answers unknown API paths with a JSON 404, never the app shell', async () => {
    for (const url of ['/api/nothing-here/', '/api']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: { code: 'NOT_FOUND', message: 'Diese Adresse gibt es nicht.' },
      });
    }
    expect((await t.app.inject({ method: 'POST', url: '/app' })).statusCode).toBe(404);
  });

  it('publishes the OpenAPI description and its viewer at /api/docs', async () => {
    const spec = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    const json = spec.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(json.openapi).toMatch(/^3\./);
    for (const p of [
      '/api/auth/registration/',
      '/api/auth/login/',
      '/api/auth/token/refresh/',
      '/api/auth/user/',
      '/api/auth/logout/',
    ]) {
      expect(json.paths).toHaveProperty([p]);
    }
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });

  it('rejects oversized bodies with a clean error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'y' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it("answers a request the HTTP parser refuses in the API's own shape, in German", async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(address).port);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        // Raw UTF-8 bytes in the request line, as a hand-typed curl sends them.
        socket.write(Buffer.from('GET /api/emails/?q=Müller HTTP/1.1\r\nHost: x\r\n\r\n', 'utf8'));
      });
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('utf8')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as {
      error: { code: string; message: string };
    };
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.message).toMatch(/ungültig/);
  });
});
