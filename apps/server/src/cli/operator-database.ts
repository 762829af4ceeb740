import { existsSync } from 'node:fs'
import pino, { type Logger } from 'pino'
import { ConfigError, loadConfig } from '../config/config.ts'
import { openDatabase, type StoreDatabase } from '../store/database.ts'

export type OperatorContext = { db: StoreDatabase; log: Logger }

/**
 * The database of `signet serve` under the same environment (`DATABASE_URL`, …), for the operator
 * commands. Only the database is opened: no chain, no server, so a command run without `SIGNET_RPC_*`
 * starts no local chain. A SQLite file that does not exist is an error (a mistyped path would otherwise
 * show an empty, new database). Audit lines of the command go to standard error, its output to standard out.
 *
 * @throws {ConfigError} naming the bad variable.
 * @example const { db } = await openOperatorDatabase(process.env)
 */
export async function openOperatorDatabase(
  env: Record<string, string | undefined>,
): Promise<OperatorContext> {
  const { database } = loadConfig(env)
  if (database.kind === 'sqlite' && database.path !== ':memory:' && !existsSync(database.path))
    throw new ConfigError('DATABASE_URL', `no Signet database at ${database.path}`)
  const db = await openDatabase(database)
  // Not serve.ts's logger: that module loads the whole server. Audit events hold nothing to redact.
  const log = pino(
    { level: env.LOG_LEVEL ?? (env.VITEST ? 'silent' : 'info') },
    pino.destination({ dest: 2, sync: true }),
  )
  return { db, log }
}
