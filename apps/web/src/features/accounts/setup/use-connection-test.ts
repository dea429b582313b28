import type { Account, ConnectionTestResult } from '@brieftaube/shared';
import { ErrorCode } from '@brieftaube/shared/codes';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { testAccountConnection, testConnectionSettings } from '../../../api/accounts.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-messages.ts';
import {
  sameServerSettings,
  sameTarget,
  toAccountInput,
  type AccountFormValues,
} from '../lib/account-form.ts';

export interface ConnectionTestState {
  result?: ConnectionTestResult;
  /** A German sentence when no test could run. */
  failure?: string;
  /** Advice instead of a test (edited settings without the password). */
  notice?: string;
}

/**
 * "Verbindung testen" in the form: the unsaved settings go to POST /api/actions/test-connection/.
 * On edit with a blank password the account's stored password is used (account_id), which the
 * server allows only for the stored servers; for others the user must type the password.
 */
export function useConnectionTest(account: Account | undefined) {
  const { t } = useTranslation();
  const [state, setState] = useState<ConnectionTestState | null>(null);
  const [pending, setPending] = useState(false);

  /** Runs the test and shows its result; resolves to it, or null when no test could run. */
  async function run(
    values: AccountFormValues,
    onInvalid: (error: ApiRequestError) => void,
  ): Promise<ConnectionTestResult | null> {
    const useStored = !!account && !values.password.trim();
    if (useStored && !sameTarget(values, account)) {
      setState({ notice: t('accounts.test.needsPassword') });
      return null;
    }
    setPending(true);
    setState(null);
    try {
      const result = !useStored
        ? await testConnectionSettings(toAccountInput(values, false))
        : sameServerSettings(values, account)
          ? await testAccountConnection(account.id)
          : await testConnectionSettings({
              ...toAccountInput(values, false),
              account_id: account.id,
            });
      setState({ result });
      return result;
    } catch (error) {
      if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) {
        onInvalid(error);
        setState({ failure: t('errors.fieldsInvalid') });
      } else if (error instanceof ApiRequestError && error.code === ErrorCode.RATE_LIMITED) {
        const minutes = Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60));
        setState({ failure: t('accounts.test.rateLimited', { count: minutes, minutes }) });
      } else {
        setState({ failure: `${t('accounts.test.requestFailed')} ${errorMessage(error)}` });
      }
      return null;
    } finally {
      setPending(false);
    }
  }

  const clear = useCallback(() => setState(null), []);
  return { state, pending, run, clear };
}
