import { ImapFlow } from 'imapflow';
import type { ApiUser } from './api-user.ts';
import type { Dovecot } from './dovecot.ts';

/** An IMAP session on the test Dovecot, as another mail client of the same user would open it. */
export async function imapClient(
  dovecot: Dovecot,
  user: string,
  password = 'pw',
): Promise<ImapFlow> {
  const client = new ImapFlow({
    host: '127.0.0.1',
    port: dovecot.imapPort,
    secure: false,
    doSTARTTLS: false,
    auth: { user, pass: password },
    logger: false,
  });
  await client.connect();
  return client;
}

/**
 * Account settings that reach a mailbox on the test servers, with only the fields spec §7 names:
 * the security is derived (STARTTLS when offered, as these servers on 127.0.0.1 do not).
 */
export function accountPayload(
  dovecot: Dovecot,
  address: string,
  options: { smtpPort?: number; password?: string } = {},
) {
  return {
    email_address: address,
    imap_server: '127.0.0.1',
    imap_port: dovecot.imapPort,
    smtp_server: '127.0.0.1',
    smtp_port: options.smtpPort ?? 2525,
    password: options.password ?? 'pw',
  };
}

export interface TaskStatus {
  status: string;
  percent: number;
  message: string;
  task_type: string;
  account_email: string | null;
  result: Record<string, unknown> | null;
}

/** Polls /api/status/all-tasks/ until the task is finished (or the condition holds). */
export async function waitForTask(
  user: ApiUser,
  taskId: string,
  until: (task: TaskStatus) => boolean = (task) =>
    ['SUCCESS', 'FAILURE', 'REVOKED'].includes(task.status),
  timeoutMs = 60_000,
): Promise<TaskStatus> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const all = (await user.request({ method: 'GET', url: '/api/status/all-tasks/' })).json<
      Record<string, TaskStatus>
    >();
    const task = all[taskId];
    if (task && until(task)) return task;
    if (Date.now() > deadline)
      throw new Error(`task ${taskId} still ${task?.status ?? 'unknown'}: ${task?.message ?? ''}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Starts a fetch of one account and waits for its end. */
export async function fetchAccount(user: ApiUser, accountId: number): Promise<TaskStatus> {
  const started = await user.request({
    method: 'POST',
    url: `/api/tasks/fetch-emails/${accountId}/`,
  });
  if (started.statusCode !== 202) throw new Error(`fetch not started: ${started.body}`);
  return waitForTask(user, started.json<{ task_id: string }>().task_id);
}
