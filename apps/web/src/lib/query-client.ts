import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Client errors will not improve by repetition; network blips might.
      retry: (failureCount, error) =>
        failureCount < 2 &&
        !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
      // The server's event stream and every mutation invalidate what they change, so a view that
      // mounts again (each opened mail mounts the folder and category menus) need not refetch.
      staleTime: 20_000,
    },
  },
});
