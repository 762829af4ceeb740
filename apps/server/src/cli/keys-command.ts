import { parseArgs } from 'node:util'
import type { Logger } from 'pino'
import { recordAuditEvents } from '../audit/audit-trail.ts'
import { ConfigError, loadConfig } from '../config/config.ts'
import {
  ensureSigningKeys,
  type RetiredKey,
  type RotatedKey,
  readSigningKeySchedule,
  retireSigningKey,
  rotateSigningKey,
  type SigningKeyListing,
  SigningKeyRefusal,
  signingKeyStates,
} from '../oidc/signing-keys.ts'
import type { StoreDatabase } from '../store/database.ts'
import { openOperatorDatabase } from './operator-database.ts'
import { writeJson } from './parse-command.ts'
import { operatorName } from './sessions-command.ts'
import { exitCodes, UsageError } from './usage.ts'

/** What a `signet keys` command changed: where an audit record of it belongs. */
export type KeysCommandOutcome =
  | { command: 'list'; keys: SigningKeyListing[] }
  | { command: 'rotate'; rotated: RotatedKey }
  | { command: 'retire'; retired: RetiredKey }

export type KeysCommandResult = { exitCode: number; outcome?: KeysCommandOutcome }

/**
 * `signet keys list [--json] | rotate | retire <kid>`: the OpenID Connect signing keys kept in the
 * database, with the configuration `signet serve` reads (`DATABASE_URL`, `SIGNET_OIDC_KEY_PROPAGATION`).
 * Opens only the database. With `SIGNET_OIDC_JWKS` set the keys are the configuration's: nothing changes
 * and the exit code is 2. A refused retirement exits 1.
 */
export async function keysCommand(
  args: string[],
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  return (await runKeysCommand(args, env)).exitCode
}

/** {@link keysCommand}, also returning what changed. */
export async function runKeysCommand(
  args: string[],
  env: Record<string, string | undefined>,
): Promise<KeysCommandResult> {
  const [subcommand, ...rest] = args
  if (subcommand === undefined) throw new UsageError('keys needs list, rotate or retire <kid>')
  if (!['list', 'rotate', 'retire'].includes(subcommand))
    throw new UsageError(`unknown keys command "${subcommand}"`)
  const { values, positionals } = parseOptions(rest)
  if (subcommand !== 'list' && values.json) throw new UsageError('--json goes with keys list only')
  if (subcommand === 'retire') {
    if (positionals.length !== 1) throw new UsageError('keys retire needs one kid (see signet keys list)')
  } else if (positionals.length > 0) {
    throw new UsageError(`unexpected argument "${positionals[0]}"`)
  }

  let config: ReturnType<typeof loadConfig>
  let operator: Awaited<ReturnType<typeof openOperatorDatabase>> | undefined
  try {
    config = loadConfig(env)
    // The keys of SIGNET_OIDC_JWKS need no database.
    if (!config.oidc.jwks) operator = await openOperatorDatabase(env)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    process.stderr.write(`signet: ${error.message}\n`)
    return { exitCode: exitCodes.usage }
  }
  if (config.oidc.jwks || !operator) {
    process.stderr.write(
      'signet: the signing keys come from the configuration (SIGNET_OIDC_JWKS), not the database; nothing ' +
        'was changed. Rotate them by editing SIGNET_OIDC_JWKS, or unset it to manage keys with `signet keys`.\n',
    )
    return { exitCode: exitCodes.usage }
  }

  const { db, log } = operator
  try {
    switch (subcommand) {
      case 'list':
        return await list(db, values.json === true)
      case 'rotate':
        return await rotate(db, log, config.oidc.keyPropagationMs)
      default:
        return await retire(db, log, positionals[0] as string)
    }
  } catch (error) {
    if (!(error instanceof SigningKeyRefusal)) throw error
    process.stderr.write(`signet: ${error.message}\n`)
    return { exitCode: exitCodes.invalid }
  } finally {
    await db.destroy()
  }
}

async function list(db: StoreDatabase, json: boolean): Promise<KeysCommandResult> {
  await ensureSigningKeys(db)
  const keys = signingKeyStates(await readSigningKeySchedule(db), Date.now())
  if (json) {
    writeJson(
      keys.map((key) => ({
        kid: key.kid,
        state: key.state,
        created: iso(key.createdAt),
        signsFrom: iso(key.signsFrom),
        retired: key.retiredAt === null ? null : iso(key.retiredAt),
        publishedUntil: key.publishedUntil === null ? null : iso(key.publishedUntil),
      })),
    )
  } else {
    const rows = keys.map((key) => [key.kid, key.state, iso(key.createdAt), note(key)])
    const widths = [0, 1, 2].map((column) =>
      Math.max(...[['KID', 'STATE', 'CREATED'], ...rows].map((row) => (row[column] ?? '').length)),
    )
    const line = (row: string[]) =>
      row
        .map((cell, column) => (column < 3 ? cell.padEnd(widths[column] ?? 0) : cell))
        .join('  ')
        .trimEnd()
    process.stdout.write(`${[['KID', 'STATE', 'CREATED', ''], ...rows].map(line).join('\n')}\n`)
  }
  return { exitCode: exitCodes.ok, outcome: { command: 'list', keys } }
}

function note(key: SigningKeyListing): string {
  switch (key.state) {
    case 'pending':
      return `published; signs from ${iso(key.signsFrom)}`
    case 'active':
      return 'signs'
    case 'previous':
      return 'published; no longer signs'
    case 'retired':
      return `leaves the JWKS at ${iso(key.publishedUntil ?? 0)}`
    case 'removed':
      return `left the JWKS at ${iso(key.publishedUntil ?? 0)}`
  }
}

async function rotate(db: StoreDatabase, log: Logger, propagationMs: number): Promise<KeysCommandResult> {
  const rotated = await rotateSigningKey(db, { propagationMs })
  await recordAuditEvents(db, log, [
    {
      type: 'key.rotated',
      details: { kid: rotated.kid, signsFrom: iso(rotated.signsFrom), operator: operatorName() },
    },
  ])
  process.stdout.write(
    `new signing key ${rotated.kid}: published now (every process serves it within seconds); ` +
      `signs from ${iso(rotated.signsFrom)} (SIGNET_OIDC_KEY_PROPAGATION)\n`,
  )
  return { exitCode: exitCodes.ok, outcome: { command: 'rotate', rotated } }
}

async function retire(db: StoreDatabase, log: Logger, kid: string): Promise<KeysCommandResult> {
  const retired = await retireSigningKey(db, kid)
  await recordAuditEvents(db, log, [
    {
      type: 'key.retired',
      details: {
        kid: retired.kid,
        signingKid: retired.signingKid,
        publishedUntil: iso(retired.publishedUntil),
        operator: operatorName(),
      },
    },
  ])
  process.stdout.write(
    `retired ${retired.kid}: it no longer signs (${retired.signingKid} does); it stays in the JWKS until ` +
      `${iso(retired.publishedUntil)}, when no token it signed can still be valid\n`,
  )
  return { exitCode: exitCodes.ok, outcome: { command: 'retire', retired } }
}

function parseOptions(args: string[]) {
  try {
    return parseArgs({ args, options: { json: { type: 'boolean' } }, strict: true, allowPositionals: true })
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
}

function iso(ms: number): string {
  return new Date(ms).toISOString()
}
