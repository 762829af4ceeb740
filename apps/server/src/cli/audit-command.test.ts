import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pino from 'pino'
import { beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../test/run-cli.ts'
import { recordAuditEvents } from '../audit/audit-trail.ts'
import { openDatabase } from '../store/database.ts'
import { parseAuditArguments } from './audit-command.ts'
import { UsageError, usageText } from './usage.ts'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const at = Date.parse('2025-01-02T03:04:05.006Z')

let databasePath: string
const env = () => ({ DATABASE_URL: databasePath })

beforeAll(async () => {
  databasePath = join(mkdtempSync(join(tmpdir(), 'signet-audit-cli-')), 'signet.sqlite')
  const db = await openDatabase({ kind: 'sqlite', path: databasePath })
  const log = pino({ level: 'silent' })
  await recordAuditEvents(db, log, [
    {
      type: 'sign_in.succeeded',
      account: `eip155:1:${alice}`,
      clientIp: '203.0.113.9',
      requestId: 'req-1',
      details: { accountType: 'eoa', session: '0123456789ab' },
      occurredAt: at,
    },
    {
      type: 'sign_in.refused',
      account: `eip155:100:${alice}`,
      clientId: 'wiki',
      clientIp: '203.0.113.9',
      requestId: 'req-2',
      details: { code: 'invalid_signature' },
      occurredAt: at + 1_000,
    },
    { type: 'key.rotated', details: { kid: 'key 2', note: '' }, occurredAt: at + 2_000 },
    {
      type: 'session.ended',
      account: `eip155:1:${bob}`,
      details: { reason: 'expiry' },
      occurredAt: Date.now() - 2 * 3_600_000,
    },
    {
      type: 'oidc.consent',
      account: `eip155:1:${bob}`,
      clientId: 'wiki',
      details: { scopes: ['openid', 'eth'] },
      occurredAt: Date.now() - 600_000,
    },
  ])
  await db.destroy()
})

describe('parseAuditArguments', () => {
  const now = 1_800_000_000_000
  it('reads a duration, an account (address or CAIP-10), a type and --json', () => {
    expect(parseAuditArguments([], now)).toEqual({ filter: {}, json: false })
    expect(
      parseAuditArguments(
        [
          '--since',
          '90m',
          '--account',
          `eip155:1:${alice.toLowerCase()}`,
          '--type',
          'sign_in.refused',
          '--json',
        ],
        now,
      ),
    ).toEqual({
      filter: { since: now - 90 * 60_000, account: { address: alice, chainId: 1 }, type: 'sign_in.refused' },
      json: true,
    })
    expect(parseAuditArguments(['--account', alice], now).filter.account).toEqual({ address: alice })
  })

  it.each([
    [
      ['--since', 'yesterday'],
      'audit: --since must be a duration such as 90s, 30m, 24h or 7d, got "yesterday"',
    ],
    [
      ['--account', 'alice.eth'],
      'audit: --account must be an address (0x and 40 hex digits) or a CAIP-10 account id (eip155:<chainId>:0x…), got "alice.eth"',
    ],
    [
      ['--type', 'login'],
      'audit: --type must be one of sign_in.succeeded, sign_in.refused, safe_sign_in.proposed, safe_sign_in.completed, safe_sign_in.cancelled, session.ended, oidc.consent, oidc.token_issued, oidc.token_revoked, oidc.logout_delivered, oidc.logout_failed, key.rotated, key.retired, sessions.revoked, safe.changed, got "login"',
    ],
    [['--limit', '3'], "audit: Unknown option '--limit'"],
    [['extra'], "audit: Unexpected argument 'extra'"],
  ])('refuses %j', (args, message) => {
    expect(() => parseAuditArguments(args, now)).toThrow(UsageError)
    expect(() => parseAuditArguments(args, now)).toThrow(message)
  })
})

describe('signet audit', { timeout: 60_000 }, () => {
  it('prints the trail as a table, oldest first, from DATABASE_URL', async () => {
    const result = await runCli(['audit', '--account', alice], { env: env() })
    expect(result).toEqual({
      code: 0,
      stderr: '',
      stdout: [
        `TIME                      TYPE               ${'ACCOUNT'.padEnd(53)}  CLIENT  IP           REQUEST  DETAILS`,
        `2025-01-02T03:04:05.006Z  sign_in.succeeded  eip155:1:${alice}    -       203.0.113.9  req-1    accountType=eoa session=0123456789ab`,
        `2025-01-02T03:04:06.006Z  sign_in.refused    eip155:100:${alice}  wiki    203.0.113.9  req-2    code=invalid_signature`,
        '',
      ].join('\n'),
    })
  })

  it('prints JSON lines with --json, and filters by CAIP-10 account, type and time', async () => {
    const byChain = await runCli(['audit', '--json', '--account', `eip155:100:${alice}`], { env: env() })
    expect(byChain.code).toBe(0)
    expect(
      byChain.stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line)),
    ).toEqual([
      {
        id: expect.any(String),
        occurredAt: '2025-01-02T03:04:06.006Z',
        type: 'sign_in.refused',
        account: `eip155:100:${alice}`,
        clientId: 'wiki',
        clientIp: '203.0.113.9',
        requestId: 'req-2',
        details: { code: 'invalid_signature' },
      },
    ])
    const recent = await runCli(['audit', '--since', '1h', '--json'], { env: env() })
    expect(
      recent.stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line).type),
    ).toEqual(['oidc.consent'])
    const keys = await runCli(['audit', '--type', 'key.rotated'], { env: env() })
    expect(keys.stdout).toBe(
      'TIME                      TYPE         ACCOUNT  CLIENT  IP  REQUEST  DETAILS\n' +
        '2025-01-02T03:04:07.006Z  key.rotated  -        -       -   -        kid="key 2" note=""\n',
    )
    const none = await runCli(['audit', '--type', 'sessions.revoked'], { env: env() })
    expect(none).toEqual({ code: 0, stdout: 'No audit events match.\n', stderr: '' })
  })

  it('exits 2 with the reason and the usage on a bad argument, a bad variable or a missing database', async () => {
    const bad = await runCli(['audit', '--since', '1 hour'], { env: env() })
    expect(bad).toEqual({
      code: 2,
      stdout: '',
      stderr: `signet: audit: --since must be a duration such as 90s, 30m, 24h or 7d, got "1 hour"\n\n${usageText}`,
    })
    const missing = join(tmpdir(), 'no-such-signet-dir', 'signet.sqlite')
    expect(await runCli(['audit'], { env: { DATABASE_URL: missing } })).toEqual({
      code: 2,
      stdout: '',
      stderr: `signet: DATABASE_URL: no Signet database at ${missing}\n`,
    })
    expect(await runCli(['audit'], { env: { ...env(), SIGNET_AUDIT_RETENTION: 'long' } })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'signet: SIGNET_AUDIT_RETENTION: expected a duration such as 90s, 30m, 24h or 7d, got "long"\n',
    })
  })
})
