// The list benchmark (issue point 11): builds the standalone page in this folder, serves it, opens
// it in headless Chromium and scrolls the real virtualised list through 100,000 synthetic mails —
// steady flicks plus jumps deep into the list — timing every frame with requestAnimationFrame.
// Prints figures; asserts nothing.
//   node apps/web/bench/run.ts            (BENCH_SECONDS=8, BENCH_COUNT=100000, CHROMIUM=/usr/bin/chromium)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { chromium } from '@playwright/test';
import { build, preview } from 'vite';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const count = Number(process.env.BENCH_COUNT ?? 100_000);
const root = import.meta.dirname;
const outDir = path.join(os.tmpdir(), 'brieftaube-bench-web');

console.log('Building the benchmark page …');
await build({
  root,
  configFile: false,
  logLevel: 'warn',
  plugins: [react()],
  build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 2000 },
});
const server = await preview({
  root,
  configFile: false,
  logLevel: 'warn',
  build: { outDir },
  preview: { host: '127.0.0.1', port: 4391, strictPort: false },
});
const url = server.resolvedUrls?.local[0];
if (!url) throw new Error('preview server has no address');

const browser = await chromium.launch({
  // `npm test` installs only the headless shell; a browser installed beside it is used.
  executablePath:
    process.env.CHROMIUM ??
    (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : '/usr/bin/chromium-headless-shell'),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
});

interface Result {
  frames: number[];
  /** Per frame: time from the frame's start to our rAF callback (scroll events and React's render). */
  work: number[];
  maxRows: number;
  endRows: number;
  domNodes: number;
  longTasks: number;
  scrollHeight: number;
  jumps: number;
}

try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const started = performance.now();
  await page.goto(`${url}?count=${count}`);
  await page.waitForFunction(
    () => !!window.__bench?.scrollElement()?.querySelector('[data-email-id]'),
  );
  const firstPaintMs = performance.now() - started;
  // Let fonts and the first layout settle before measuring.
  await page.waitForTimeout(500);

  const result: Result = await page.evaluate((durationMs: number) => {
    const el = window.__bench!.scrollElement()!;
    const max = () => el.scrollHeight - el.clientHeight;
    let longTasks = 0;
    const observer = new PerformanceObserver((list) => (longTasks += list.getEntries().length));
    try {
      observer.observe({ type: 'longtask', buffered: false });
    } catch {
      // Long-task timing is not available everywhere; frames are measured regardless.
    }
    const targets = [0.5, 0.9, 0.1, 0.999, 0.25, 0.75];
    const frames: number[] = [];
    const work: number[] = [];
    let maxRows = 0;
    let jumps = 0;
    let direction = 1;
    return new Promise<Result>((resolve) => {
      const start = performance.now();
      let last = start;
      let nextJump = start + 1500;
      const step = (now: number) => {
        frames.push(now - last);
        work.push(performance.now() - now);
        last = now;
        maxRows = Math.max(maxRows, el.querySelectorAll('[data-email-id]').length);
        if (now >= nextJump) {
          // A jump: the scrollbar dragged deep into the list.
          el.scrollTop = Math.floor(max() * targets[jumps % targets.length]!);
          jumps += 1;
          nextJump = now + 1500;
        } else {
          // A steady flick of ~7,200 px/s (100 rows a second), turning at either end.
          if (el.scrollTop >= max() - 200) direction = -1;
          if (el.scrollTop <= 200) direction = 1;
          el.scrollTop += 120 * direction;
        }
        if (now - start < durationMs) requestAnimationFrame(step);
        else {
          observer.disconnect();
          resolve({
            frames: frames.slice(1),
            work: work.slice(1),
            maxRows,
            endRows: el.querySelectorAll('[data-email-id]').length,
            domNodes: document.getElementsByTagName('*').length,
            longTasks,
            scrollHeight: el.scrollHeight,
            jumps,
          });
        }
      };
      requestAnimationFrame(step);
    });
  }, seconds * 1000);

  const percentile = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  };
  const pct = (p: number) => percentile(result.frames, p);
  const over = result.frames.filter((f) => f > 16.7).length;
  // Timer granularity makes a perfect 60 Hz frame read 16.6–16.8 ms; a dropped frame is ≥ 33 ms.
  const dropped = result.frames.filter((f) => f > 20).length;
  const fmt = (n: number) => n.toFixed(1).padStart(6);
  console.log(`
List benchmark: ${count.toLocaleString('en')} mails, ${seconds} s of scrolling (${result.jumps} deep jumps), 1280×900
  first rows visible after   ${fmt(firstPaintMs)} ms (page load incl. generating the data)
  frames                     ${String(result.frames.length).padStart(6)}
  frame time p50             ${fmt(pct(50))} ms
  frame time p95             ${fmt(pct(95))} ms
  frame time p99             ${fmt(pct(99))} ms
  frame time max             ${fmt(percentile(result.frames, 100))} ms
  frames over 16.7 ms        ${fmt((over / result.frames.length) * 100)} %  (${over}; vsync jitter included)
  frames over 20 ms          ${fmt((dropped / result.frames.length) * 100)} %  (${dropped}; at least one vsync missed)
  work before paint p50/p95/p99 ${percentile(result.work, 50).toFixed(1)} / ${percentile(result.work, 95).toFixed(1)} / ${percentile(result.work, 99).toFixed(1)} ms (scroll events + render per frame)
  long tasks (>50 ms)        ${String(result.longTasks).padStart(6)}
  DOM rows mounted           ${String(result.endRows).padStart(6)}  (at most ${result.maxRows})
  DOM elements on the page   ${String(result.domNodes).padStart(6)}
  list height                ${String(result.scrollHeight).padStart(6)} px`);
  if (errors.length) console.log('Page errors:', errors);
} finally {
  await browser.close();
  await server.close();
}
