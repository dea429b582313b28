import dns from 'node:dns';
import net from 'node:net';
import { asciiDomain } from '@brieftaube/shared';
import { classifyAddress, embeddedIpv4, type AddressClass } from './address-ranges.ts';

/**
 * Which mail servers this server may connect to (ADR 0018). On a laptop (no DATABASE_URL) the
 * person running it is the only user, and a mail server on this machine or the home network
 * (a bridge on 127.0.0.1, a NAS) is theirs to use. A provider's server (DATABASE_URL) connects on
 * behalf of strangers: there a mail host inside any network is refused unless the operator lists
 * it. A cloud's metadata service and reserved addresses are refused in both modes.
 */
export interface HostPolicy {
  serverMode: boolean;
  allowList: AllowList;
}

export interface AllowList {
  /** Lower-case ASCII host names; "*.example.org" allows every name below example.org. */
  names: string[];
  ranges: net.BlockList;
  /** The entries as written, for logs and the configuration check. */
  entries: string[];
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** A host this server must not connect to; nothing was sent there. */
export class MailHostBlockedError extends Error {
  readonly code = 'EHOSTBLOCKED';
  readonly addressClass: AddressClass;
  constructor(host: string, addressClass: AddressClass) {
    super(`mail host ${host} is refused by the network policy (${addressClass})`);
    this.name = 'MailHostBlockedError';
    this.addressClass = addressClass;
  }
}

const NAME = /^(\*\.)?[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*$/;

export const normaliseHost = (host: string) => {
  const bare = host
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  return net.isIP(bare) ? bare.toLowerCase() : (asciiDomain(bare) ?? bare).toLowerCase();
};

/**
 * MAIL_ALLOWED_HOSTS: host names, IP addresses and CIDR ranges, separated by commas or spaces.
 * Returns the entries it could not read, so that the configuration check names them all.
 */
export function parseAllowList(text: string | undefined): { list: AllowList; invalid: string[] } {
  const list: AllowList = { names: [], ranges: new net.BlockList(), entries: [] };
  const invalid: string[] = [];
  for (const raw of (text ?? '').split(/[\s,]+/).filter(Boolean)) {
    const [base, prefixText, extra] = raw.split('/');
    const address = normaliseHost(base ?? '');
    const family = net.isIP(address);
    if (family && extra === undefined) {
      const max = family === 6 ? 128 : 32;
      const prefix = prefixText === undefined ? max : Number(prefixText);
      if (!/^\d+$/.test(prefixText ?? String(max)) || prefix > max) {
        invalid.push(raw);
        continue;
      }
      list.ranges.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4');
      const inner = family === 6 && prefix >= 96 ? embeddedIpv4(address) : undefined;
      if (inner) list.ranges.addSubnet(inner, prefix - 96, 'ipv4');
    } else if (prefixText === undefined && NAME.test(address)) {
      list.names.push(address);
    } else {
      invalid.push(raw);
      continue;
    }
    list.entries.push(raw);
  }
  return { list, invalid };
}

function nameAllowed(list: AllowList, host: string): boolean {
  return list.names.some((entry) =>
    entry.startsWith('*.') ? host.endsWith(entry.slice(1)) : host === entry,
  );
}

function addressAllowed(list: AllowList, address: string): boolean {
  const family = net.isIP(address);
  if (list.ranges.check(address, family === 6 ? 'ipv6' : 'ipv4')) return true;
  const inner = family === 6 ? embeddedIpv4(address) : undefined;
  return inner !== undefined && list.ranges.check(inner, 'ipv4');
}

const LAPTOP_ALLOWS: ReadonlySet<AddressClass> = new Set([
  'public',
  'loopback',
  'private',
  'link-local',
  'unique-local',
]);

/** Why an address may not be connected to under this policy, or undefined when it may. */
export function refusedClass(
  policy: HostPolicy,
  host: string,
  address: string,
): AddressClass | undefined {
  const kind = classifyAddress(address);
  if (kind === 'public') return undefined;
  if (nameAllowed(policy.allowList, normaliseHost(host))) return undefined;
  if (addressAllowed(policy.allowList, address)) return undefined;
  if (!policy.serverMode && LAPTOP_ALLOWS.has(kind)) return undefined;
  return kind;
}

export type Lookup = (host: string) => Promise<ResolvedAddress[]>;

const systemLookup: Lookup = async (host) =>
  (await dns.promises.lookup(host, { all: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/**
 * Resolves a mail host once and keeps the addresses the policy allows, in the resolver's order.
 * The connection then goes to exactly these addresses (imap-client.ts, smtp-transport.ts): a
 * second lookup could answer differently (DNS rebinding) and reach what the first was checked
 * against.
 */
export async function resolveMailHost(
  policy: HostPolicy,
  host: string,
  lookup: Lookup = systemLookup,
): Promise<ResolvedAddress[]> {
  const name = normaliseHost(host);
  const family = net.isIP(name);
  const all: ResolvedAddress[] = family
    ? [{ address: name, family: family === 6 ? 6 : 4 }]
    : await lookup(name);
  const allowed: ResolvedAddress[] = [];
  let refused: AddressClass | undefined;
  for (const entry of all) {
    const kind = refusedClass(policy, name, entry.address);
    if (kind) refused ??= kind;
    else allowed.push(entry);
  }
  if (allowed.length === 0) {
    if (refused) throw new MailHostBlockedError(name, refused);
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  }
  return allowed;
}
