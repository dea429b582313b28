import net from 'node:net';

/**
 * Where an address leads. Everything but 'public' is inside some network: this machine, the
 * local or the provider's own network, or a cloud's instance metadata service, which hands out
 * credentials to whoever asks from the instance (the classic target of SSRF).
 */
export type AddressClass =
  'public' | 'loopback' | 'private' | 'link-local' | 'unique-local' | 'metadata' | 'reserved';

type Range = [address: string, prefix: number];

// Checked in this order: the metadata addresses lie inside link-local and shared space.
const RANGES: [AddressClass, Range[]][] = [
  [
    'metadata',
    [
      ['169.254.169.254', 32], // AWS, GCP, Azure, OpenStack, Oracle, DigitalOcean, Hetzner
      ['169.254.170.2', 32], // AWS ECS task credentials
      ['100.100.100.200', 32], // Alibaba Cloud
      ['168.63.129.16', 32], // Azure WireServer (a public address with a private purpose)
      ['fd00:ec2::254', 128], // AWS over IPv6
    ],
  ],
  [
    'loopback',
    [
      ['127.0.0.0', 8],
      ['0.0.0.0', 8], // "this host": connecting to 0.0.0.0 reaches the loopback interface
      ['::1', 128],
      ['::', 128],
    ],
  ],
  [
    'private',
    [
      ['10.0.0.0', 8],
      ['172.16.0.0', 12],
      ['192.168.0.0', 16],
      ['100.64.0.0', 10], // shared address space (carrier-grade NAT, also cloud-internal)
      ['192.0.0.0', 24], // IETF protocol assignments
      ['198.18.0.0', 15], // benchmarking, used for internal networks too
    ],
  ],
  [
    'link-local',
    [
      ['169.254.0.0', 16],
      ['fe80::', 10],
    ],
  ],
  [
    'unique-local',
    [
      ['fc00::', 7],
      ['fec0::', 10], // site-local, deprecated but still routed in some networks
    ],
  ],
  [
    'reserved',
    [
      ['224.0.0.0', 4], // multicast
      ['240.0.0.0', 4], // reserved, and the broadcast address
      ['192.0.2.0', 24], // documentation
      ['198.51.100.0', 24],
      ['203.0.113.0', 24],
      ['ff00::', 8], // multicast
      ['2001:db8::', 32], // documentation
      ['100::', 64], // discard
    ],
  ],
];

const lists = RANGES.map(([kind, ranges]) => {
  const list = new net.BlockList();
  for (const [address, prefix] of ranges)
    list.addSubnet(address, prefix, net.isIPv6(address) ? 'ipv6' : 'ipv4');
  return [kind, list] as const;
});

/** The eight 16-bit groups of an IPv6 address (zone and dotted IPv4 tail understood). */
export function ipv6Groups(address: string): number[] | undefined {
  let text = address.replace(/%.*$/, '').toLowerCase();
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted) {
    const bytes = dotted[1]!.split('.').map(Number);
    text =
      text.slice(0, -dotted[1]!.length) +
      `${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const part = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const head = part(halves[0]!);
  const tail = halves.length === 2 ? part(halves[1]!) : [];
  const fill = 8 - head.length - tail.length;
  if (fill < 0 || (halves.length === 1 && fill !== 0)) return undefined;
  const groups = [...head, ...new Array<number>(fill).fill(0), ...tail];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

const v4 = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/**
 * The IPv4 address an IPv6 address stands for, where it stands for one: IPv4-mapped
 * (::ffff:10.0.0.1), IPv4-compatible (::10.0.0.1), NAT64 (64:ff9b::/96) and 6to4 (2002::/16).
 * Each of these can carry a packet to the IPv4 address inside, so they are judged by it.
 */
export function embeddedIpv4(address: string): string | undefined {
  const g = ipv6Groups(address);
  if (!g) return undefined;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return v4(g[6]!, g[7]!);
  if (zeros(0, 6) && (g[6] !== 0 || g[7]! > 1)) return v4(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return v4(g[6]!, g[7]!);
  if (g[0] === 0x2002) return v4(g[1]!, g[2]!);
  return undefined;
}

/** The class of an IP address (not a host name: names are resolved first). */
export function classifyAddress(address: string): AddressClass {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = net.isIP(bare);
  if (family === 0) throw new Error(`not an IP address: ${address}`);
  if (family === 6) {
    const inner = embeddedIpv4(bare);
    if (inner) return classifyAddress(inner);
  }
  const type = family === 6 ? 'ipv6' : 'ipv4';
  const checked = family === 6 ? bare.replace(/%.*$/, '') : bare;
  for (const [kind, list] of lists) if (list.check(checked, type)) return kind;
  return 'public';
}
