import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { SchemaError } from '@signet/protocol/schema-error'

/**
 * A JSON setting (`SIGNET_WALLETS`, …): inline JSON (starting with `[` or `{`) or the path of a JSON
 * file, relative to `cwd`. Unset or blank gives `undefined`. Throws a {@link SchemaError} on the
 * variable when the file cannot be read or the text is not JSON.
 *
 * @example readJsonSetting({ SIGNET_WALLETS: './wallets.json' }, 'SIGNET_WALLETS', '/srv/signet')
 */
export function readJsonSetting(
  env: Record<string, string | undefined>,
  variable: string,
  cwd: string,
): unknown | undefined {
  const text = env[variable]?.trim()
  if (!text) return undefined
  let source = 'inline JSON'
  let json = text
  if (!/^[[{]/.test(text)) {
    const path = resolve(cwd, text)
    source = JSON.stringify(path)
    try {
      json = readFileSync(path, 'utf8')
    } catch (error) {
      throw new SchemaError(variable, `cannot read ${source} (${(error as Error).message})`)
    }
  }
  try {
    return JSON.parse(json)
  } catch (error) {
    throw new SchemaError(variable, `${source} is not valid JSON (${(error as Error).message})`)
  }
}
