import { describe, expect, it } from 'vitest';
import { classifyAddress } from '../../src/mail/net/address-ranges.ts';
import {
  MailHostBlockedError,
  parseAllowList,
  refusedClass,
  resolveMailHost,
  type HostPolicy,
  type ResolvedAddress,
} from '../../src/mail/net/host-policy.ts';

const server = (allowed = ''): HostPolicy => ({
  serverMode: true,
  allowList: parseAllowList(allowed).list,
});
const laptop: HostPolicy = { serverMode: false, allowList: parseAllowList('').list };

describe('address classes', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.7', 'loopback'],
    ['0.0.0.0', 'loopback'],
    ['::1', 'loopback'],
    ['::', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.31.255.1', 'private'],
    ['192.168.178.1', 'private'],
    ['100.64.0.1', 'private'],
    ['169.254.10.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fd12:3456::1', 'unique-local'],
    ['fc00::1', 'unique-local'],
    ['169.254.169.254', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['224.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['ff02::1', 'reserved'],
    ['8.8.8.8', 'public'],
    ['172.32.0.1', 'public'],
    ['2a00:1450:4001:82a::200e', 'public'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it.each([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['[::ffff:10.0.0.1]', 'private'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['0:0:0:0:0:ffff:192.168.0.1', 'private'],
    ['::10.0.0.1', 'private'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['64:ff9b::808:808', 'public'],
    ['2002:c0a8:0101::1', 'private'],
  ])('an IPv6 form of an IPv4 address is judged by it: %s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });
});

describe('the operator allow-list (MAIL_ALLOWED_HOSTS)', () => {
  it('reads names, wildcards, addresses and ranges and names what it cannot read', () => {
    const { list, invalid } = parseAllowList(
      'mail.intern.example, *.corp.example 10.0.0.0/8,127.0.0.1 fd00::/8 10.0.0.0/33 a/b/c ::1/129 ex ample',
    );
    expect(list.names).toEqual(['mail.intern.example', '*.corp.example', 'ex', 'ample']);
    expect(list.entries).toContain('10.0.0.0/8');
    expect(invalid).toEqual(['10.0.0.0/33', 'a/b/c', '::1/129']);
  });

  it('lets a listed name, address or range through in server mode, and nothing else', () => {
    const policy = server('mail.intern.example, *.corp.example, 10.1.0.0/16, 127.0.0.1');
    expect(refusedClass(policy, 'mail.intern.example', '10.9.9.9')).toBeUndefined();
    expect(refusedClass(policy, 'MAIL.Intern.Example.', '10.9.9.9')).toBeUndefined();
    expect(refusedClass(policy, 'imap.corp.example', '192.168.1.5')).toBeUndefined();
    expect(refusedClass(policy, 'corp.example', '192.168.1.5')).toBe('private');
    expect(refusedClass(policy, 'x.example', '10.1.200.3')).toBeUndefined();
    expect(refusedClass(policy, 'x.example', '::ffff:10.1.200.3')).toBeUndefined();
    expect(refusedClass(policy, 'x.example', '10.2.0.1')).toBe('private');
    expect(refusedClass(policy, '127.0.0.1', '127.0.0.1')).toBeUndefined();
    expect(refusedClass(policy, '127.0.0.2', '127.0.0.2')).toBe('loopback');
  });

  it('on a laptop allows its own and local networks, but never a metadata service', () => {
    expect(refusedClass(laptop, 'localhost', '127.0.0.1')).toBeUndefined();
    expect(refusedClass(laptop, 'nas', '192.168.178.20')).toBeUndefined();
    expect(refusedClass(laptop, 'bridge', 'fe80::1')).toBeUndefined();
    expect(refusedClass(laptop, 'x', '169.254.169.254')).toBe('metadata');
    expect(refusedClass(laptop, 'x', '::ffff:169.254.169.254')).toBe('metadata');
    expect(refusedClass(laptop, 'x', '224.0.0.1')).toBe('reserved');
    // Unless the operator says otherwise.
    const listed = { serverMode: false, allowList: parseAllowList('169.254.169.254').list };
    expect(refusedClass(listed, 'x', '169.254.169.254')).toBeUndefined();
  });
});

describe('resolving a mail host', () => {
  const answering =
    (...answers: ResolvedAddress[][]) =>
    async () =>
      answers.shift() ?? [];

  it('keeps what the policy allows, in the order of the answer', async () => {
    const lookup = answering([
      { address: '10.0.0.5', family: 4 },
      { address: '2a00:1450::1', family: 6 },
      { address: '93.184.215.14', family: 4 },
    ]);
    expect(await resolveMailHost(server(), 'imap.example', lookup)).toEqual([
      { address: '2a00:1450::1', family: 6 },
      { address: '93.184.215.14', family: 4 },
    ]);
  });

  it('refuses a host that only leads inside, with the class of its address', async () => {
    const refused = resolveMailHost(
      server(),
      'metadata.google.internal',
      answering([{ address: '169.254.169.254', family: 4 }]),
    );
    await expect(refused).rejects.toBeInstanceOf(MailHostBlockedError);
    await expect(refused).rejects.toMatchObject({ code: 'EHOSTBLOCKED', addressClass: 'metadata' });
  });

  it('judges an address literal as written, without asking any resolver', async () => {
    const never = async (): Promise<ResolvedAddress[]> => {
      throw new Error('looked up');
    };
    await expect(resolveMailHost(server(), '[::ffff:127.0.0.1]', never)).rejects.toMatchObject({
      addressClass: 'loopback',
    });
    expect(await resolveMailHost(laptop, '127.0.0.1', never)).toEqual([
      { address: '127.0.0.1', family: 4 },
    ]);
  });

  it('says "not found" for a name without addresses', async () => {
    await expect(resolveMailHost(server(), 'leer.example', answering([]))).rejects.toMatchObject({
      code: 'ENOTFOUND',
    });
  });
});
