import { parseArgs } from 'node:util'
import { SignetError } from '../errors.ts'
import { parseSiweMessage } from '../siwe/parse.ts'
import { readMessage } from './read-message.ts'
import { exitCodes, UsageError } from './usage.ts'

/**
 * `signet parse --message FILE|-`: prints the message's fields as JSON, exactly as written. Holds to
 * EIP-4361's grammar, version 1 included.
 */
export async function parseCommand(args: string[]): Promise<number> {
  const { values } = parseOptions(args)
  if (values.message === undefined) throw new UsageError('parse needs --message FILE|-')
  const text = await readMessage(values.message)
  try {
    writeJson(parseSiweMessage(text, { onlyVersion1: true }))
    return exitCodes.ok
  } catch (error) {
    if (!(error instanceof SignetError)) throw error
    writeJson(error.toJSON())
    return exitCodes.invalid
  }
}

function parseOptions(args: string[]) {
  try {
    return parseArgs({
      args,
      options: { message: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    })
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
}

export function writeJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`)
}
