import { exitCodes, UsageError, usageText } from './usage.ts'

/**
 * Entry of the `signet` command (apps/server/bin/signet.mjs): runs one command and resolves to its exit
 * code — 0 success, 1 invalid message/signature or refused key change, 2 usage error, 3 could not check
 * (RPC unreachable).
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
      case 'keys':
        return await (await import('./keys-command.ts')).keysCommand(args)
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
