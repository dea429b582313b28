import type { Account } from '@brieftaube/shared';
import { describe, expect, it } from 'vitest';
import type { TaskMap, TaskStatus } from '../../../api/tasks.ts';
import { firstFetchOf, resumeStep } from './onboarding-progress.ts';

const account = (fields: Partial<Account> = {}) =>
  ({
    id: 7,
    email_address: 'erika@beispiel.de',
    last_sync_at: null,
    last_sync_error: null,
    ...fields,
  }) as Account;

const task = (id: string, fields: Partial<TaskStatus>): TaskStatus => ({
  task_id: id,
  status: 'SUCCESS',
  percent: 100,
  message: 'E-Mail-Abruf abgeschlossen: 48 neue E-Mails.',
  timestamp: '2026-11-27T10:00:00.000Z',
  result: null,
  task_type: 'FETCH',
  account_email: 'erika@beispiel.de',
  ...fields,
});

const tasks = (...list: TaskStatus[]): TaskMap =>
  Object.fromEntries(list.map((t) => [t.task_id, t]));

describe('the step onboarding resumes at', () => {
  it('is the fetch once the user has an account, whatever this browser showed', () => {
    for (const shown of [null, 'welcome', 'account', 'fetch'] as const)
      expect(resumeStep(true, shown)).toBe('fetch');
  });
  it('is the categories step when the user went on to it with an account', () => {
    expect(resumeStep(true, 'categories')).toBe('categories');
    // Without an account there is nothing to sort: the account step.
    expect(resumeStep(false, 'categories')).toBe('account');
  });
  it('is the end when the user went on to it, with or without an account', () => {
    expect(resumeStep(true, 'finish')).toBe('finish');
    expect(resumeStep(false, 'finish')).toBe('finish');
  });
  it('is the account step without an account once the user left the welcome', () => {
    expect(resumeStep(false, 'account')).toBe('account');
    // The account was deleted meanwhile (another tab): it is to be added again.
    expect(resumeStep(false, 'fetch')).toBe('account');
    expect(resumeStep(false, 'welcome')).toBe('welcome');
    expect(resumeStep(false, null)).toBe('welcome');
  });
});

describe("the account's first fetch", () => {
  it("is the account's newest fetch task, running or finished", () => {
    const running = task('b', { status: 'STARTED', percent: 40, message: 'INBOX …' });
    const older = task('a', { status: 'FAILURE', message: 'Anmeldung fehlgeschlagen.' });
    expect(firstFetchOf(tasks(running, older), account())).toEqual({ kind: 'task', task: running });
  });
  it("ignores other accounts' fetches and other kinds of task", () => {
    const list = tasks(
      task('x', { account_email: 'jemand@beispiel.de' }),
      task('y', { task_type: 'AI_SEARCH' }),
      task('z', { account_email: 'Erika@Beispiel.de', status: 'PENDING' }),
    );
    expect(firstFetchOf(list, account())).toEqual({ kind: 'task', task: list.z });
  });
  it('is what the account says once its task is no longer listed', () => {
    expect(firstFetchOf({}, account({ last_sync_at: '2026-11-27T10:00:00.000Z' }))).toEqual({
      kind: 'synced',
    });
    expect(
      firstFetchOf({}, account({ last_sync_error: 'Der Mailserver antwortet nicht.' })),
    ).toEqual({ kind: 'failed', message: 'Der Mailserver antwortet nicht.' });
  });
  it('is to be started only when there was none', () => {
    expect(firstFetchOf({}, account())).toEqual({ kind: 'none' });
  });
});
