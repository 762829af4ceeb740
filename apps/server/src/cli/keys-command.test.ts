import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../test/run-cli.ts'
import { generateSigningKey } from '../oidc/signing-keys.ts'
import { openDatabase } from '../store/database.ts'
import { usageText } from './usage.ts'

// `signet keys` as an operator runs it: its own process, the same settings as `signet serve`.

type ListedKey = {
  kid: string
  state: string
  created: string
  signsFrom: string
  retired: string | null
  publishedUntil: string | null
}

let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'signet-keys-cli-'))
})
afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

describe('signet keys', { timeout: 300_000 }, () => {
  it('changes nothing when the keys come from SIGNET_OIDC_JWKS', async () => {
    const database = join(dir, 'configured.sqlite')
    const env = {
      DATABASE_URL: database,
      SIGNET_OIDC_JWKS: JSON.stringify({ keys: [generateSigningKey()] }),
    }
    const results = await Promise.all(
      [['list'], ['rotate'], ['retire', 'some-kid']].map((args) => runCli(['keys', ...args], { env })),
    )
    for (const result of results) {
      expect(result).toEqual({
        code: 2,
        stdout: '',
        stderr:
          'signet: the signing keys come from the configuration (SIGNET_OIDC_JWKS), not the database; nothing ' +
          'was changed. Rotate them by editing SIGNET_OIDC_JWKS, or unset it to manage keys with `signet keys`.\n',
      })
    }
    const db = await openDatabase({ kind: 'sqlite', path: database })
    expect(await db.selectFrom('oidc_signing_keys').selectAll().execute()).toEqual([])
    await db.destroy()
  })

  it('lists the key, refuses to retire the only one, rotates, and retires the old one once the new one signs', async () => {
    const database = join(dir, 'signet.sqlite')
    const env = { DATABASE_URL: database, SIGNET_OIDC_JWKS: '', SIGNET_OIDC_KEY_PROPAGATION: '1h' }
    // A mistyped path is not taken for an empty deployment; the database exists once Signet has run.
    const missing = await runCli(['keys', 'list'], { env })
    expect(missing).toMatchObject({
      code: 2,
      stderr: `signet: DATABASE_URL: no Signet database at ${database}\n`,
    })
    await (await openDatabase({ kind: 'sqlite', path: database })).destroy()
    const listed = await runCli(['keys', 'list', '--json'], { env })
    expect(listed.code).toBe(0)
    const [first, ...others] = JSON.parse(listed.stdout) as ListedKey[]
    expect(others).toEqual([])
    expect(first).toMatchObject({ state: 'active', retired: null, publishedUntil: null })
    expect(first?.signsFrom).toBe(first?.created)
    const kid = first?.kid as string

    const refused = await runCli(['keys', 'retire', kid], { env })
    expect(refused).toEqual({
      code: 1,
      stdout: '',
      stderr: `signet: the key ${kid} is the only key that can sign; run \`signet keys rotate\` first, then retire it once the new key signs\n`,
    })

    const rotated = await runCli(['keys', 'rotate'], { env })
    expect(rotated.code).toBe(0)
    const rotatedText =
      /^new signing key ([\w-]+): published now \(every process serves it within seconds\); signs from (\S+) \(SIGNET_OIDC_KEY_PROPAGATION\)\n$/.exec(
        rotated.stdout,
      )
    expect(rotatedText).not.toBeNull()
    const [, newKid = '', signsFrom = ''] = rotatedText ?? []

    // Pending for an hour: retiring the old key is refused until then.
    const tooEarly = await runCli(['keys', 'retire', kid], { env })
    expect(tooEarly.code).toBe(1)
    expect(tooEarly.stderr).toBe(
      `signet: the key ${kid} is the only key that can sign now; the key ${newKid} signs from ${signsFrom} — retire ${kid} after that\n`,
    )
    const table = await runCli(['keys', 'list'], { env })
    expect(table.code).toBe(0)
    expect(table.stdout.split('\n')).toEqual([
      'KID                                   STATE    CREATED',
      expect.stringMatching(
        new RegExp(`^${newKid}  pending  \\S+Z  published; signs from ${signsFrom.replaceAll('.', '\\.')}$`),
      ),
      `${kid}  active   ${first?.created}  signs`,
      '',
    ])

    // Make the new key's time come (as an hour passing would), then retire the old one.
    const db = await openDatabase({ kind: 'sqlite', path: database })
    await db
      .updateTable('oidc_signing_keys')
      .set({ signs_from: Date.now() - 1 })
      .where('kid', '=', newKid)
      .execute()
    await db.destroy()
    const before = Date.now()
    const retired = await runCli(['keys', 'retire', kid], { env })
    expect(retired.code).toBe(0)
    const after = await runCli(['keys', 'list', '--json'], { env })
    const keys = JSON.parse(after.stdout) as ListedKey[]
    expect(keys.map((key) => [key.kid, key.state])).toEqual([
      [newKid, 'active'],
      [kid, 'retired'],
    ])
    const old = keys[1] as ListedKey
    const retiredAt = Date.parse(old.retired ?? '')
    expect(retiredAt).toBeGreaterThanOrEqual(before)
    // The ID tokens it signed live 1 h; the margin covers processes noticing and clock skew.
    expect(Date.parse(old.publishedUntil ?? '')).toBe(retiredAt + 3_600_000 + 60_000)
    expect(retired.stdout).toBe(
      `retired ${kid}: it no longer signs (${newKid} does); it stays in the JWKS until ${old.publishedUntil}, when no token it signed can still be valid\n`,
    )
    // Both changes are in the audit trail, with the operator who made them.
    const trail = await runCli(['audit', '--json'], { env })
    const keyEvents = trail.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; details: Record<string, string> })
      .filter((event) => event.type.startsWith('key.'))
    expect(keyEvents.map((event) => [event.type, event.details.kid])).toEqual([
      ['key.rotated', newKid],
      ['key.retired', kid],
    ])
    expect(keyEvents[1]?.details).toMatchObject({ signingKid: newKid, publishedUntil: old.publishedUntil })
    expect(keyEvents[0]?.details.operator).toMatch(/^.+@.+$/)
    const again = await runCli(['keys', 'retire', kid], { env })
    expect(again.code).toBe(1)
    expect(again.stderr).toBe(
      `signet: the key ${kid} was already retired at ${old.retired}; it leaves the JWKS at ${old.publishedUntil}\n`,
    )
  })

  it('answers bad arguments and settings with exit 2', async () => {
    const env = { DATABASE_URL: join(dir, 'usage.sqlite'), SIGNET_OIDC_JWKS: '' }
    const [none, unknown, noKid, json, badSetting] = await Promise.all([
      runCli(['keys'], { env }),
      runCli(['keys', 'shuffle'], { env }),
      runCli(['keys', 'retire'], { env }),
      runCli(['keys', 'rotate', '--json'], { env }),
      runCli(['keys', 'rotate'], { env: { ...env, SIGNET_OIDC_KEY_PROPAGATION: 'soon' } }),
    ])
    expect(none).toEqual({
      code: 2,
      stdout: '',
      stderr: `signet: keys needs list, rotate or retire <kid>\n\n${usageText}`,
    })
    expect(unknown.stderr).toBe(`signet: unknown keys command "shuffle"\n\n${usageText}`)
    expect(noKid.stderr).toBe(`signet: keys retire needs one kid (see signet keys list)\n\n${usageText}`)
    expect(json.stderr).toBe(`signet: --json goes with keys list only\n\n${usageText}`)
    expect(badSetting).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'signet: SIGNET_OIDC_KEY_PROPAGATION: expected a duration such as 0s, 90s, 30m, 24h or 7d, got "soon"\n',
    })
    expect([unknown.code, noKid.code, json.code]).toEqual([2, 2, 2])
  })
})
