import type { Account, OAuthProviderId } from '@brieftaube/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api.ts';

export interface OAuthProviderState {
  provider: OAuthProviderId;
  configured: boolean;
}

/** What the page the sign-in began on shows once it is back (router state). */
export interface OAuthReturnState {
  oauthNotice?: string;
}

export const listOAuthProviders = () => api.get<OAuthProviderState[]>('/api/oauth/providers/');

/** Begins a sign-in at the provider; the browser is sent there. */
export const startOAuth = (input: {
  provider: OAuthProviderId;
  return_to?: string;
  account_id?: number;
}) => api.post<{ authorization_url: string }>('/api/oauth/start/', input);

export const completeOAuth = (input: { state: string; code?: string; error?: string }) =>
  api.post<{ account: Account; created: boolean; return_to: string }>(
    '/api/oauth/callback/',
    input,
  );

export const oauthProvidersQueryOptions = () =>
  queryOptions({
    queryKey: ['oauth', 'providers'] as const,
    queryFn: listOAuthProviders,
    staleTime: Infinity,
  });

export const useOAuthProviders = () => useQuery(oauthProvidersQueryOptions());

/** Sends the browser to the provider's sign-in; comes back through /oauth-callback. */
export async function signInWith(
  provider: OAuthProviderId,
  options: { returnTo: string; accountId?: number },
): Promise<void> {
  const { authorization_url } = await startOAuth({
    provider,
    return_to: options.returnTo,
    ...(options.accountId !== undefined ? { account_id: options.accountId } : {}),
  });
  window.location.assign(authorization_url);
}
