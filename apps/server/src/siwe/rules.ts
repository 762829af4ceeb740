import { SignInError } from '../errors.ts'
import { parseDateTime } from './date-time.ts'
import type { SiweMessage } from './parse.ts'

export type SiweRules = {
  /** The configured SIWE domain: host[:port] of the public origin. */
  domain: string
  /** The configured public origin, e.g. `https://signet.example` — the message's `uri` must be on it. */
  origin: string
  /** Chains the server is configured for. */
  chainIds: readonly number[]
  /** Current time in ms since the epoch. */
  now: number
  /** Tolerance for clocks that run ahead of ours (issuedAt, notBefore). */
  clockSkewMs: number
}

/**
 * Checks a parsed message against the server's sign-in rules (docs/PRODUCT.md, "Sign-in rules"), in this order: domain, uri,
 * version, chain, expiration, not-before, issued-at. The nonce is not checked here: the store consumes it.
 *
 * @throws {SignInError} with code `domain_mismatch`, `uri_mismatch`, `unsupported_version`,
 *   `unsupported_chain`, `expired`, `not_yet_valid` or `issued_in_future`.
 * @example
 * checkSiweRules(parseSiweMessage(text), { domain: 'localhost:8787', origin: 'http://localhost:8787',
 *   chainIds: [31337], now: Date.now(), clockSkewMs: 60_000 })
 */
export function checkSiweRules(msg: SiweMessage, rules: SiweRules): void {
  checkDomain(msg, rules.domain, rules.origin)
  checkUri(msg, rules.origin)
  checkVersion(msg)
  checkChain(msg, rules.chainIds)
  checkValidityWindow(msg, rules.now, rules.clockSkewMs)
  checkIssuedAt(msg, rules.now, rules.clockSkewMs)
}

/**
 * The message's domain must be the configured one (hosts compare case-insensitively, as in RFC 3986); an
 * optional scheme in the message must be the origin's.
 */
export function checkDomain(msg: SiweMessage, domain: string, origin?: string): void {
  if (msg.domain.toLowerCase() !== domain.toLowerCase()) {
    throw new SignInError('domain_mismatch', `The message is for ${msg.domain}, not ${domain}.`)
  }
  if (msg.scheme !== undefined && origin !== undefined) {
    const expected = new URL(origin).protocol.slice(0, -1)
    if (msg.scheme.toLowerCase() !== expected) {
      throw new SignInError(
        'domain_mismatch',
        `The message is for ${msg.scheme}://${msg.domain}, not ${origin}.`,
      )
    }
  }
}

/** The message's `uri` must be on the configured origin (same scheme, host and port). */
export function checkUri(msg: SiweMessage, origin: string): void {
  const expected = new URL(origin).origin
  let actual: string | undefined
  try {
    actual = new URL(msg.uri).origin
  } catch {
    actual = undefined
  }
  if (actual !== expected)
    throw new SignInError('uri_mismatch', `The message URI ${msg.uri} is not on ${expected}.`)
}

export function checkVersion(msg: SiweMessage): void {
  if (msg.version !== '1') {
    throw new SignInError(
      'unsupported_version',
      `Version ${msg.version} is not supported; only version 1 is.`,
    )
  }
}

export function checkChain(msg: SiweMessage, chainIds: readonly number[]): void {
  if (!chainIds.includes(msg.chainId)) {
    throw new SignInError('unsupported_chain', `Chain ${msg.chainId} is not supported here.`)
  }
}

/**
 * `expirationTime` must be in the future (no tolerance: an expired message stays expired) and
 * `notBefore` must have come, allowing `clockSkewMs` for a signer whose clock runs ahead.
 */
export function checkValidityWindow(msg: SiweMessage, now: number, clockSkewMs = 0): void {
  if (msg.expirationTime !== undefined && !(now < timeOf(msg.expirationTime))) {
    throw new SignInError('expired', `The message expired at ${msg.expirationTime}.`)
  }
  if (msg.notBefore !== undefined && !(now + clockSkewMs >= timeOf(msg.notBefore))) {
    throw new SignInError('not_yet_valid', `The message is not valid before ${msg.notBefore}.`)
  }
}

/** `issuedAt` may not be further in the future than the clock skew allows. */
export function checkIssuedAt(msg: SiweMessage, now: number, clockSkewMs: number): void {
  if (!(timeOf(msg.issuedAt) <= now + clockSkewMs)) {
    throw new SignInError(
      'issued_in_future',
      `The message claims to be issued at ${msg.issuedAt}, in the future.`,
    )
  }
}

function timeOf(dateTime: string): number {
  const time = parseDateTime(dateTime)
  // Parsed messages hold only valid date-times; a hand-made SiweMessage with a bad one gives NaN, and the
  // comparisons above are written so that NaN fails the check.
  return time ?? Number.NaN
}
