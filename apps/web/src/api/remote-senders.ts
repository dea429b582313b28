import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../lib/api.ts';

/**
 * Senders whose remote images the user chose to always see ('Immer für diesen Absender
 * anzeigen'). Stored on the server, so the choice follows the user to every browser.
 */
const key = ['settings', 'remote-content-senders'] as const;
const path = '/api/settings/remote-content-senders/';
/** Where an earlier version kept the list in this browser; moved to the server once. */
const LEGACY_KEY = 'brieftaube.remoteContentSenders';

const normalise = (address: string) => address.trim().toLowerCase();

export function isTrustedSender(senders: ReadonlySet<string>, address: string | undefined) {
  return !!address && senders.has(normalise(address));
}

/** The list, and whether it is known yet (a failed load counts as known and empty). */
export function useTrustedSenders(): { senders: ReadonlySet<string>; settled: boolean } {
  const query = useQuery({
    queryKey: key,
    queryFn: () => api.get<string[]>(path),
    select: (list) => new Set(list) as ReadonlySet<string>,
    staleTime: 5 * 60_000,
  });
  useMoveLegacyList(query.isSuccess);
  return { senders: query.data ?? new Set(), settled: !query.isPending };
}

function useTrustedSendersMutation(
  change: (address: string) => Promise<unknown>,
  apply: (list: string[], address: string) => string[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    // The bar answers at once; the refetch afterwards undoes it if the server said no.
    onMutate: async (address) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<string[]>(key, (list = []) => apply(list, normalise(address)));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export const useTrustSender = () =>
  useTrustedSendersMutation(
    (address) => api.post<string[]>(path, { address }),
    (list, address) => (list.includes(address) ? list : [...list, address]),
  );
export const useDistrustSender = () =>
  useTrustedSendersMutation(
    (address) => api.delete<void>(`${path}?address=${encodeURIComponent(normalise(address))}`),
    (list, address) => list.filter((entry) => entry !== address),
  );

function useMoveLegacyList(loaded: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!loaded) return;
    let legacy: unknown;
    try {
      legacy = JSON.parse(localStorage.getItem(LEGACY_KEY) ?? 'null');
    } catch {
      legacy = null;
    }
    if (!Array.isArray(legacy)) return;
    localStorage.removeItem(LEGACY_KEY);
    const addresses = legacy.filter((v): v is string => typeof v === 'string');
    void Promise.allSettled(addresses.map((address) => api.post(path, { address }))).then(() =>
      queryClient.invalidateQueries({ queryKey: key }),
    );
  }, [loaded, queryClient]);
}
