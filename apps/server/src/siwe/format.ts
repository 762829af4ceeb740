import { SiweParseError } from '../errors.ts'
import { parseSiweMessage } from './parse.ts'

const stringFields = [
  'scheme',
  'domain',
  'address',
  'statement',
  'uri',
  'version',
  'nonce',
  'issuedAt',
  'expirationTime',
  'notBefore',
  'requestId',
] as const
const requiredFields = ['domain', 'address', 'uri', 'version', 'chainId', 'nonce', 'issuedAt'] as const

/**
 * Builds the EIP-4361 text of `fields`, keeping every value exactly as given (times included, so a
 * signature made over the original text still matches). The result is run back through
 * {@link parseSiweMessage} and must yield the same fields, so building applies exactly the parser's rules
 * and no field can smuggle in extra lines.
 *
 * viem's `createSiweMessage` is what a client should use to make a fresh message; it takes `Date`s and
 * re-serialises them with `toISOString()`, so it cannot reproduce an existing message's text.
 *
 * `options` are the parser's: `{ onlyVersion1: true }` refuses a version other than 1.
 *
 * @throws {SiweParseError} when a field is missing or breaks the grammar.
 * @example
 * formatSiweMessage({ domain: 'example.com', address, uri: 'https://example.com', version: '1',
 *   chainId: 1, nonce: 'abcdefgh12', issuedAt: '2024-01-01T00:00:00Z' })
 */
export function formatSiweMessage(
  fields: Record<string, unknown>,
  options: { onlyVersion1?: boolean } = {},
): string {
  for (const name of requiredFields) {
    if (fields[name] === undefined || fields[name] === null) {
      throw new SiweParseError(`the ${name} is missing`, { field: name })
    }
  }
  for (const name of stringFields) {
    const value = fields[name]
    if (value === undefined || value === null) continue
    if (typeof value !== 'string') throw new SiweParseError(`the ${name} must be a string`, { field: name })
    if (/[\r\n]/.test(value))
      throw new SiweParseError(`the ${name} must not contain a line break`, { field: name })
  }
  const { chainId, resources } = fields
  if (typeof chainId !== 'number' || !Number.isSafeInteger(chainId) || chainId < 0) {
    throw new SiweParseError('the chainId must be a non-negative integer', { field: 'chainId' })
  }
  if (resources !== undefined && resources !== null) {
    if (!Array.isArray(resources) || !resources.every((r) => typeof r === 'string' && !/[\r\n]/.test(r))) {
      throw new SiweParseError('the resources must be a list of single-line strings', { field: 'resources' })
    }
  }
  const text = assembleSiweText(fields)

  const parsed = parseSiweMessage(text, options)
  for (const name of [...stringFields, 'chainId'] as const) {
    const given = fields[name] ?? undefined
    if (given !== undefined && given !== '' && parsed[name] !== given) {
      throw new SiweParseError(`the ${name} does not survive formatting`, { field: name })
    }
  }
  return text
}

/**
 * The EIP-4361 text of `fields` without any check (a field holding a line break will break the lines):
 * what {@link formatSiweMessage} writes before it checks the result. Also lets tests produce malformed
 * messages.
 */
export function assembleSiweText(fields: Record<string, unknown>): string {
  const f = fields as Partial<Record<(typeof stringFields)[number], string>> & {
    chainId?: unknown
    resources?: string[]
  }
  const present = (value: unknown) => value !== undefined && value !== null
  const lines = [
    `${f.scheme ? `${f.scheme}://` : ''}${f.domain ?? ''} wants you to sign in with your Ethereum account:`,
    `${f.address ?? ''}`,
    '',
    // An empty statement is left out, as viem's createSiweMessage does.
    ...(f.statement ? [f.statement] : []),
    '',
    `URI: ${f.uri ?? ''}`,
    `Version: ${f.version ?? ''}`,
    `Chain ID: ${String(f.chainId ?? '')}`,
    `Nonce: ${f.nonce ?? ''}`,
    `Issued At: ${f.issuedAt ?? ''}`,
  ]
  if (present(f.expirationTime)) lines.push(`Expiration Time: ${f.expirationTime}`)
  if (present(f.notBefore)) lines.push(`Not Before: ${f.notBefore}`)
  if (present(f.requestId)) lines.push(`Request ID: ${f.requestId}`)
  if (Array.isArray(f.resources)) lines.push('Resources:', ...f.resources.map((r) => `- ${r}`))
  return lines.join('\n')
}
