import { SiweParseError } from '../errors.ts'
import { type Address, isChecksumAddress } from './checksum-address.ts'
import { isDateTime } from './date-time.ts'
import { isAuthority, isScheme, isUri } from './uri.ts'

/** The fields of an EIP-4361 message, as written in it (times are the original strings). */
export type SiweMessage = {
  scheme?: string
  domain: string
  address: Address
  statement?: string
  uri: string
  version: string
  chainId: number
  nonce: string
  issuedAt: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: string[]
}

const headerSuffix = ' wants you to sign in with your Ethereum account:'
const headerPattern = /^(?:([^:/]*):\/\/)?(.*)$/
const addressPattern = /^0x[0-9a-fA-F]{40}$/
// statement = *( reserved / unreserved / " " )
const statementPattern = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;= ]*$/
const chainIdPattern = /^[0-9]+$/
const versionPattern = /^[0-9]+$/
const noncePattern = /^[A-Za-z0-9]{8,}$/
// request-id = *pchar
const requestIdPattern = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})*$/

/**
 * Parses an EIP-4361 (Sign-In with Ethereum) message strictly by the EIP's ABNF: fields in their order,
 * LF line ends only, EIP-55 address, RFC 3986 authority/URIs, RFC 3339 date-times that exist, nonce of at
 * least 8 alphanumerics. viem's `parseSiweMessage` is lenient (it accepts any of these broken), so a
 * verifier cannot rely on it.
 *
 * The one liberty: any `Version: <digits>` parses, so that a sign-in can refuse another version with its
 * own error (`unsupported_version`, see `checkVersion`). With `{ onlyVersion1: true }` the
 * version must be `1`, as EIP-4361's ABNF has it (`signet parse`, building messages, the conformance suite).
 *
 * @throws {SiweParseError} naming the line and field at fault.
 * @example
 * const msg = parseSiweMessage(text)
 * msg.chainId // 1
 */
export function parseSiweMessage(text: string, options: { onlyVersion1?: boolean } = {}): SiweMessage {
  if (typeof text !== 'string') throw new SiweParseError('the message must be a string')
  const cr = text.indexOf('\r')
  if (cr !== -1) {
    throw new SiweParseError(
      'the message contains a carriage return; EIP-4361 lines end with LF only (no CRLF)',
      {
        line: lineOf(text, cr),
      },
    )
  }
  const reader = new LineReader(text.split('\n'))
  const message = {} as SiweMessage

  const header = reader.next('header')
  if (!header.endsWith(headerSuffix)) {
    throw reader.fail('header', `the first line must end with "${headerSuffix}"`)
  }
  const [, scheme, domain = ''] = headerPattern.exec(header.slice(0, -headerSuffix.length)) ?? []
  if (scheme !== undefined) {
    if (!isScheme(scheme)) throw reader.fail('scheme', `"${scheme}" is not an RFC 3986 scheme`)
    message.scheme = scheme
  }
  if (domain === '') throw reader.fail('domain', 'the domain is missing')
  if (!isAuthority(domain)) throw reader.fail('domain', `"${domain}" is not an RFC 3986 authority`)
  message.domain = domain

  const address = reader.next('address')
  if (!addressPattern.test(address))
    throw reader.fail('address', 'the address must be 0x followed by 40 hex digits')
  if (!isChecksumAddress(address)) throw reader.fail('address', 'the address is not EIP-55 checksummed')
  message.address = address

  reader.blank('the address must be followed by an empty line')
  // `[ statement LF ] LF`: a line before the empty line is the statement (the ABNF allows it to be empty).
  const afterAddress = reader.peek()
  if (afterAddress !== undefined && !(afterAddress === '' && reader.peek(1)?.startsWith('URI: '))) {
    const statement = reader.next('statement')
    if (!statementPattern.test(statement)) {
      throw reader.fail(
        'statement',
        'the statement may only hold RFC 3986 reserved/unreserved characters and spaces',
      )
    }
    message.statement = statement
  }
  reader.blank('the statement must be followed by an empty line')

  message.uri = reader.field('URI', 'uri')
  if (!isUri(message.uri)) throw reader.fail('uri', `"${message.uri}" is not an RFC 3986 URI`)

  message.version = reader.field('Version', 'version')
  if (options.onlyVersion1 ? message.version !== '1' : !versionPattern.test(message.version)) {
    throw reader.fail(
      'version',
      options.onlyVersion1
        ? `version "${message.version}" is not 1`
        : `version "${message.version}" is not a version number (decimal digits)`,
    )
  }

  const chainId = reader.field('Chain ID', 'chainId')
  if (!chainIdPattern.test(chainId) || !Number.isSafeInteger(Number(chainId))) {
    throw reader.fail('chainId', `"${chainId}" is not a chain ID (decimal digits)`)
  }
  message.chainId = Number(chainId)

  message.nonce = reader.field('Nonce', 'nonce')
  if (!noncePattern.test(message.nonce)) {
    throw reader.fail('nonce', 'the nonce must be at least 8 letters or digits')
  }

  message.issuedAt = reader.dateTime('Issued At', 'issuedAt')
  if (reader.peek()?.startsWith('Expiration Time: ')) {
    message.expirationTime = reader.dateTime('Expiration Time', 'expirationTime')
  }
  if (reader.peek()?.startsWith('Not Before: '))
    message.notBefore = reader.dateTime('Not Before', 'notBefore')
  if (reader.peek()?.startsWith('Request ID: ')) {
    const requestId = reader.field('Request ID', 'requestId')
    if (!requestIdPattern.test(requestId))
      throw reader.fail('requestId', 'the request ID may only hold URI path characters')
    message.requestId = requestId
  }
  if (reader.peek() === 'Resources:') {
    reader.next('resources')
    const resources: string[] = []
    while (reader.peek()?.startsWith('- ')) {
      const resource = reader.next('resources').slice(2)
      if (!isUri(resource)) throw reader.fail('resources', `resource "${resource}" is not an RFC 3986 URI`)
      resources.push(resource)
    }
    message.resources = resources
  }
  if (reader.peek() !== undefined) {
    reader.next('end')
    throw reader.fail(
      undefined,
      'unexpected line (fields are out of order, misspelt, or the message has extra text)',
    )
  }
  return message
}

function lineOf(text: string, index: number): number {
  let line = 1
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) line++
  return line
}

/** Walks the lines of a message, producing errors that name the line at fault. */
class LineReader {
  private index = -1
  constructor(private readonly lines: string[]) {}

  peek(ahead = 0): string | undefined {
    return this.lines[this.index + 1 + ahead]
  }

  next(field: string): string {
    const line = this.peek()
    if (line === undefined) {
      this.index++
      throw this.fail(field, `the message ends before the ${field}`)
    }
    this.index++
    return line
  }

  blank(reason: string): void {
    if (this.next('empty line') !== '') throw this.fail(undefined, reason)
  }

  /** Reads `Label: value`, requiring the label in its place. */
  field(label: string, field: string): string {
    const line = this.peek()
    if (line === undefined || !line.startsWith(`${label}: `)) {
      this.index++
      throw this.fail(field, `expected "${label}: " here`)
    }
    this.index++
    return line.slice(label.length + 2)
  }

  dateTime(label: string, field: string): string {
    const value = this.field(label, field)
    if (!isDateTime(value)) {
      throw this.fail(field, `"${value}" is not an RFC 3339 date-time that exists on the calendar`)
    }
    return value
  }

  fail(field: string | undefined, message: string): SiweParseError {
    return new SiweParseError(message, { field, line: this.index + 1 })
  }
}
