import type { LookupAddress, LookupOptions } from 'node:dns';
import type { ResolvedAddress } from './host-policy.ts';

type Callback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A lookup for net.connect that answers with addresses resolved and checked before, whatever
 * name it is asked for: the socket reaches exactly what the network policy allowed.
 */
export function pinnedLookup(addresses: readonly ResolvedAddress[]) {
  const list = addresses.map((a) => ({ address: a.address, family: a.family }));
  return (_hostname: string, options: LookupOptions, callback: Callback): void => {
    const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
    const usable = wanted ? list.filter((a) => a.family === wanted) : list;
    const answer = usable.length ? usable : list;
    if (options.all) process.nextTick(callback, null, answer);
    else process.nextTick(callback, null, answer[0]!.address, answer[0]!.family);
  };
}
