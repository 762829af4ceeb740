import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../test/run-cli.ts'
import { readAuditEvents } from '../audit/audit-store.ts'
import { openDatabase, type StoreDatabase } from '../store/database.ts'
import { issueNonce } from '../store/nonce-store.ts'
import { OidcKyselyAdapter } from '../store/oidc-adapter.ts'
import { holdNonce } from '../store/pending-nonce.ts'
import { consumeNonceAndCreateSession, findSession, sessionId } from '../store/session-store.ts'
import { parseSessionsArguments } from './sessions-command.ts'
import { UsageError, usageText } from './usage.ts'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const hour = 3_600_000
// Whole seconds: the printed times are exact.
const now = Math.floor(Date.now() / 1000) * 1000

let db: StoreDatabase
let databasePath: string
const env = () => ({ DATABASE_URL: databasePath })
const iso = (ms: number) => new Date(ms).toISOString()

async function signIn(
  address: string,
  chainId: number,
  issuedAt: number,
  accountType: 'eoa' | 'contract' = 'eoa',
) {
  const { nonce } = await issueNonce(db, issuedAt, 600_000)
  const created = await consumeNonceAndCreateSession(
    db,
    nonce,
    { address, chainId, accountType },
    issuedAt,
    hour,
  )
  if (!created) throw new Error('no session')
  return created.token
}

beforeAll(async () => {
  databasePath = join(mkdtempSync(join(tmpdir(), 'signet-sessions-cli-')), 'signet.sqlite')
  db = await openDatabase({ kind: 'sqlite', path: databasePath })
})
afterAll(async () => {
  await db?.destroy()
})

describe('parseSessionsArguments', () => {
  it('reads list and revoke', () => {
    expect(parseSessionsArguments(['list'])).toEqual({ action: 'list', json: false })
    expect(parseSessionsArguments(['list', '--account', alice.toLowerCase(), '--json'])).toEqual({
      action: 'list',
      json: true,
      account: { address: alice },
    })
    expect(parseSessionsArguments(['revoke', '--account', `eip155:5:${alice}`])).toEqual({
      action: 'revoke',
      target: { account: { address: alice, chainId: 5 } },
      json: false,
    })
    expect(parseSessionsArguments(['revoke', '--id', 'ABCDEF0123'])).toEqual({
      action: 'revoke',
      target: { idPrefix: 'abcdef0123' },
      json: false,
    })
  })

  it.each([
    [[], 'sessions needs list or revoke'],
    [['kill'], 'sessions: unknown action "kill" (list or revoke)'],
    [['revoke'], 'sessions revoke needs --account ADDRESS|CAIP-10 or --id ID'],
    [
      ['revoke', '--account', alice, '--id', 'abcdef0123'],
      'sessions revoke: give --account or --id, not both',
    ],
    [
      ['revoke', '--id', 'abc'],
      'sessions revoke: --id must be 8 to 64 hex digits of a session id (as sessions list shows), got "abc"',
    ],
    [
      ['revoke', '--account', 'eip155:1:alice'],
      'sessions revoke: --account must be an address (0x and 40 hex digits) or a CAIP-10 account id (eip155:<chainId>:0x…), got "eip155:1:alice"',
    ],
    [['list', '--id', 'abcdef0123'], 'sessions list: --id is for sessions revoke'],
    [['list', '--all'], "sessions list: Unknown option '--all'"],
  ])('refuses %j', (args, message) => {
    expect(() => parseSessionsArguments(args)).toThrow(UsageError)
    expect(() => parseSessionsArguments(args)).toThrow(message)
  })
})

describe('signet sessions', { timeout: 90_000 }, () => {
  it('lists live sessions, revokes an account with its provider rows and pending sign-ins, and says what it ended', async () => {
    const mainnet = await signIn(alice, 1, now - 2_000)
    const gnosis = await signIn(alice, 100, now - 1_000, 'contract')
    const bobs = await signIn(bob, 1, now - 3_000)
    const grantId = 'grant-cli'
    await new OidcKyselyAdapter(db, 'Grant').upsert(grantId, { accountId: `eip155:1:${alice}` }, 3600)
    await new OidcKyselyAdapter(db, 'AccessToken').upsert(
      'at-cli',
      { accountId: `eip155:1:${alice}`, grantId },
      3600,
    )
    const hold = await issueNonce(db, now, 600_000)
    await holdNonce(db, hold.nonce, now, now + hour, `eip155:100:${alice}`)

    const row = (token: string, address: string, chain: string, type: string, issuedAt: number) =>
      `${sessionId(token).slice(0, 12)}  ${address}  ${chain.padEnd(5)}  ${type.padEnd(8)}  ${iso(issuedAt)}  ${iso(issuedAt + hour)}`
    const list = await runCli(['sessions', 'list'], { env: env() })
    expect(list).toEqual({
      code: 0,
      stderr: '',
      stdout: [
        `ID            ${'ADDRESS'.padEnd(42)}  CHAIN  TYPE      ISSUED                    EXPIRES`,
        row(gnosis, alice, '100', 'contract', now - 1_000),
        row(mainnet, alice, '1', 'eoa', now - 2_000),
        row(bobs, bob, '1', 'eoa', now - 3_000),
        '',
      ].join('\n'),
    })
    const json = await runCli(['sessions', 'list', '--json', '--account', `eip155:1:${alice}`], {
      env: env(),
    })
    expect(json.stdout).toBe(
      `${JSON.stringify({
        id: sessionId(mainnet).slice(0, 12),
        address: alice,
        chainId: 1,
        accountType: 'eoa',
        issuedAt: iso(now - 2_000),
        expiresAt: iso(now - 2_000 + hour),
      })}\n`,
    )

    const revoked = await runCli(['sessions', 'revoke', '--account', alice.toLowerCase()], { env: env() })
    expect(revoked).toEqual({
      code: 0,
      stderr: '',
      stdout: [
        `Revoked ${alice} (every chain)`,
        '  Signet sessions ended: 2',
        `    ${sessionId(mainnet).slice(0, 12)}  eip155:1:${alice}  eoa`,
        `    ${sessionId(gnosis).slice(0, 12)}  eip155:100:${alice}  contract`,
        '  OpenID Connect grants ended: 1',
        '  OpenID Connect sessions ended: 0',
        '  OpenID Connect tokens and codes ended: 1',
        '  OpenID Connect sign-ins in progress ended: 0',
        '  pending Safe sign-ins withdrawn: 1',
        '  completed Safe sign-ins kept for an application withdrawn: 0',
        '',
      ].join('\n'),
    })
    expect(await findSession(db, mainnet, Date.now())).toBeUndefined()
    expect(await findSession(db, gnosis, Date.now())).toBeUndefined()
    expect(await findSession(db, bobs, Date.now())).toBeDefined()

    const trail = await readAuditEvents(db, { account: { address: alice } })
    expect(trail.map((event) => [event.type, event.account, event.details.reason ?? null])).toEqual(
      expect.arrayContaining([
        ['session.ended', `eip155:100:${alice}`, 'revocation'],
        ['session.ended', `eip155:1:${alice}`, 'revocation'],
        ['safe_sign_in.cancelled', `eip155:100:${alice}`, 'revocation'],
      ]),
    )
    expect(trail).toHaveLength(3)
    const [summary] = await readAuditEvents(db, { type: 'sessions.revoked' })
    expect(summary).toMatchObject({
      account: null,
      clientIp: null,
      requestId: null,
      details: {
        target: `${alice} (every chain)`,
        operator: expect.stringMatching(/.@./),
        sessions: 2,
        oidcGrants: 1,
        oidcSessions: 0,
        oidcTokens: 1,
        oidcInteractions: 0,
        pendingSafeSignIns: 1,
        safeCompletions: 0,
      },
    })
    expect(JSON.stringify(trail)).not.toContain(hold.nonce)

    // Again: nothing left, exit 1.
    const again = await runCli(['sessions', 'revoke', '--account', `eip155:1:${alice}`, '--json'], {
      env: env(),
    })
    expect(again.code).toBe(1)
    expect(JSON.parse(again.stdout)).toEqual({
      target: `eip155:1:${alice}`,
      sessions: 0,
      oidcGrants: 0,
      oidcSessions: 0,
      oidcTokens: 0,
      oidcInteractions: 0,
      pendingSafeSignIns: 0,
      safeCompletions: 0,
      endedSessions: [],
    })
  })

  it('revokes one session by an id prefix, and exits 1 when no live session has it', async () => {
    const carol = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
    const first = await signIn(carol, 1, now)
    const second = await signIn(carol, 1, now)
    const prefix = sessionId(first).slice(0, 12)
    const revoked = await runCli(['sessions', 'revoke', '--id', prefix], { env: env() })
    expect(revoked.code).toBe(0)
    expect(revoked.stdout.split('\n').slice(0, 3)).toEqual([
      `Revoked session ${prefix}`,
      '  Signet sessions ended: 1',
      `    ${prefix}  eip155:1:${carol}  eoa`,
    ])
    expect(await findSession(db, first, Date.now())).toBeUndefined()
    expect(await findSession(db, second, Date.now())).toBeDefined()
    const [event] = await readAuditEvents(db, { type: 'sessions.revoked', account: { address: carol } })
    expect(event?.details).toMatchObject({ target: `session ${prefix}`, sessions: 1 })

    const gone = await runCli(['sessions', 'revoke', '--id', prefix], { env: env() })
    expect(gone.code).toBe(1)
    expect(gone.stdout).toContain('Nothing matched.\n')
  })

  it('exits 2 on a usage error', async () => {
    expect(await runCli(['sessions', 'revoke', '--id', 'xyz'], { env: env() })).toEqual({
      code: 2,
      stdout: '',
      stderr: `signet: sessions revoke: --id must be 8 to 64 hex digits of a session id (as sessions list shows), got "xyz"\n\n${usageText}`,
    })
  })
})
