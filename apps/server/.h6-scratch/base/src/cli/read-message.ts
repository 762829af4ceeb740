import { readFile } from 'node:fs/promises'
import { UsageError } from './usage.ts'

/**
 * Reads a message from a file or, for `-`, standard input. A single final LF is dropped: files and shell
 * pipes usually end with one, and an EIP-4361 message never does. A final CRLF is kept so that the
 * parser rejects it as such.
 */
export async function readMessage(source: string): Promise<string> {
  let text: string
  if (source === '-') {
    const chunks: Buffer[] = []
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
    text = Buffer.concat(chunks).toString('utf8')
  } else {
    try {
      text = await readFile(source, 'utf8')
    } catch (error) {
      throw new UsageError(`cannot read ${source}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`)
    }
  }
  return text.endsWith('\n') && !text.endsWith('\r\n') ? text.slice(0, -1) : text
}
