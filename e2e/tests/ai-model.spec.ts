import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startFakeOpenAi, type FakeOpenAi } from '../../test-support/src/fake-openai.ts';
import { screenshot } from './helpers.ts';
import { expect, signedInWithMailbox, test } from './support/mail-stack.ts';

// Issue 22 point 9: the same screens with an OpenAI-compatible model configured. A second app
// server of its own (its own port and database), pointed at the fake model server: the only
// model the tests ever talk to.
const root = path.resolve(import.meta.dirname, '../..');
const port = Number(process.env.E2E_PORT ?? 3100) + 30;
const dataDir = path.join(root, `e2e/.data-model-${port}`);
let fake: FakeOpenAi;
let server: ChildProcess;

test.use({ baseURL: `http://127.0.0.1:${port}` });

test.beforeAll(async () => {
  fake = await startFakeOpenAi();
  fs.rmSync(dataDir, { recursive: true, force: true });
  server = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      AI_BASE_URL: fake.url,
      AI_CHAT_MODEL: 'test-modell',
      AI_TIMEOUT_SECONDS: '10',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health/`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error('the model-backed app server did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await new Promise((resolve) => server?.once('exit', resolve));
  await fake?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('with a configured model, a question is answered by it, citing one of the mails it was given', async ({
  page,
  request,
  mail,
}) => {
  test.setTimeout(120_000);
  const mailbox = await mail.mailbox({ bulk: 5 });
  await signedInWithMailbox(page, request, mailbox);
  // The model answers from the mail it is given, and cites the protocol by its number.
  fake.reply = (chat) => {
    const prompt = chat.messages.find((m) => m.role === 'user')!.content;
    const given = JSON.parse(prompt.slice(prompt.indexOf('[{'))) as {
      mail: number;
      text: string;
    }[];
    const protocol = given.find((m) => m.text.includes('Bitte ergänzt bis Freitag eure Punkte.'));
    return {
      content: JSON.stringify(
        protocol
          ? {
              found: true,
              answer:
                'Julia bittet darum, die eigenen Punkte bis Freitag im Protokoll zu ergänzen.',
              citations: [{ mail: protocol.mail, quote: 'Bitte ergänzt bis Freitag eure Punkte.' }],
            }
          : { found: false, answer: '', citations: [] },
      ),
    };
  };
  await page.goto('/app/ask');
  const field = page.getByRole('textbox', { name: 'Ihre Frage' });
  await field.fill('Bis wann soll ich meine Punkte im Protokoll ergänzen?');
  await field.press('Enter');
  const answer = page.getByRole('article').first();
  await expect(answer.getByTestId('ai-answer')).toHaveText(
    'Julia bittet darum, die eigenen Punkte bis Freitag im Protokoll zu ergänzen.',
  );
  await expect(answer.locator('blockquote')).toContainText(
    'Bitte ergänzt bis Freitag eure Punkte.',
  );
  expect(fake.requests.at(-1)!.model).toBe('test-modell');
  await screenshot(page, 'ai-ask-model-light');
  await answer.getByRole('link', { name: 'E-Mail „Protokoll der Teambesprechung“ öffnen' }).click();
  await expect(page.getByRole('heading', { name: 'Protokoll der Teambesprechung' })).toBeVisible();
});
