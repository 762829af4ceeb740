import { type PublicConfig, parsePublicConfig, publicConfigElementId } from '@signet/protocol/public-config'
import { SchemaError } from '@signet/protocol/schema-error'

/**
 * Where the browser gets the run-time configuration (its shape and rules are the protocol's,
 * `@signet/protocol/public-config`, shared with the server that writes it).
 */

/**
 * What is wrong with the config, for the page to word in its language (app.configError.*); `detail`
 * is the protocol's own description of an invalid field.
 */
export type PublicConfigProblem =
  | { kind: 'missing' }
  | { kind: 'notJson' }
  | { kind: 'httpStatus'; status: number }
  | { kind: 'invalid'; detail: string }

const problemText = (problem: PublicConfigProblem): string => {
  if (problem.kind === 'missing') return 'is missing from the page'
  if (problem.kind === 'notJson') return 'is not valid JSON'
  if (problem.kind === 'httpStatus') return `answered HTTP ${problem.status}`
  return `is invalid: ${problem.detail}`
}

/**
 * The config is missing or malformed. `field` names the bad part, e.g. `chains[1].id`; the English
 * `message` is for the console, the page words `problem` itself.
 */
export class PublicConfigError extends Error {
  override name = 'PublicConfigError'
  readonly code = 'invalid_public_config'
  readonly field: string
  readonly problem: PublicConfigProblem
  constructor(field: string, problem: PublicConfigProblem) {
    super(`Invalid Signet configuration: ${field} ${problemText(problem)}`)
    this.field = field
    this.problem = problem
  }
}

/**
 * Reads the configuration the server injected into the page as
 * `<script id="signet-config" type="application/json">`.
 *
 * @example const config = readPublicConfig()
 * @throws PublicConfigError when the script is missing or its content is invalid.
 */
export function readPublicConfig(doc: Document = document): PublicConfig {
  const element = doc.getElementById(publicConfigElementId)
  if (!element?.textContent) throw new PublicConfigError('#signet-config', { kind: 'missing' })
  let json: unknown
  try {
    json = JSON.parse(element.textContent)
  } catch {
    throw new PublicConfigError('#signet-config', { kind: 'notJson' })
  }
  return validPublicConfig(json)
}

/**
 * The injected config when present; otherwise (under `vite dev`, which serves index.html without
 * it) the same JSON from the API.
 */
export async function loadPublicConfig(
  doc: Document = document,
  fetchFn: typeof fetch = fetch,
): Promise<PublicConfig> {
  if (doc.getElementById(publicConfigElementId)) return readPublicConfig(doc)
  const response = await fetchFn('/api/config', { headers: { accept: 'application/json' } })
  if (!response.ok)
    throw new PublicConfigError('/api/config', { kind: 'httpStatus', status: response.status })
  return validPublicConfig(await response.json())
}

function validPublicConfig(json: unknown): PublicConfig {
  try {
    return parsePublicConfig(json)
  } catch (error) {
    if (error instanceof SchemaError)
      throw new PublicConfigError(error.field, { kind: 'invalid', detail: error.problem })
    throw error
  }
}
