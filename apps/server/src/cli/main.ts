import { parseCommand } from './parse-command.ts'
import { serveCommand } from './serve-command.ts'
import { exitCodes, UsageError, usageText } from './usage.ts'
import { verifyCommand } from './verify-command.ts'

/**
 * Entry of the `signet` command (apps/server/bin/signet.mjs): runs one command and resolves to its exit
 * code — 0 success, 1 invalid message/signature, 2 usage error.
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
        return await serveCommand()
      case 'parse':
        return await parseCommand(args)
      case 'verify':
        return await verifyCommand(args)
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
    if (!(error instanceof UsageError)) throw error
    process.stderr.write(`signet: ${error.message}\n\n${usageText}`)
    return exitCodes.usage
  }
}
