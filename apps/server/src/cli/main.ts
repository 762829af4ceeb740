import { ConfigError } from '../config/config.ts'
import { exitCodes, UsageError, usageText } from './usage.ts'

/**
 * Entry of the `signet` command (apps/server/bin/signet.mjs): runs one command and resolves to its exit
 * code — 0 success, 1 invalid message/signature (or, for `sessions revoke`, nothing matched), 2 usage
 * error or bad environment variable, 3 could not check (RPC unreachable).
 *
 * @example
 * process.exitCode = await main(['parse', '--message', 'message.txt'])
 */
export async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv
  try {
    switch (command) {
      case 'serve':
      case 'dev':
        return await (await import('./serve-command.ts')).serveCommand(command)
      // Commands load their own modules: `parse` needs no viem, none of them needs the server.
      case 'parse':
        return await (await import('./parse-command.ts')).parseCommand(args)
      case 'verify':
        return await (await import('./verify-command.ts')).verifyCommand(args)
      // Operator commands: the database of `signet serve` under the same environment, nothing else.
      case 'audit':
        return await (await import('./audit-command.ts')).auditCommand(args)
      case 'sessions':
        return await (await import('./sessions-command.ts')).sessionsCommand(args)
      case 'help':
      case '--help':
      case '-h':
        process.stdout.write(usageText)
        return exitCodes.ok
      case undefined:
        throw new UsageError('no command given')
      default:
        throw new UsageError(`unknown command "${command}"`)
    }
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`signet: ${error.message}\n`)
      return exitCodes.usage
    }
    if (!(error instanceof UsageError)) throw error
    process.stderr.write(`signet: ${error.message}\n\n${usageText}`)
    return exitCodes.usage
  }
}
