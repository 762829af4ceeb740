/**
 * What the audit trail records. Every event has its time, account, client id, client IP and request id
 * (null where there is none: an operator's command has no client IP or request). `details` says the rest
 * — a refusal's code, why a session ended, counts — and never holds a signature, a token, a cookie or a
 * full nonce (a nonce appears as its first 4 characters, a session as the first 12 hex digits of the
 * SHA-256 the database keys it by).
 */
export const auditEventTypes = [
  'sign_in.succeeded',
  'sign_in.refused',
  'safe_sign_in.proposed',
  'safe_sign_in.completed',
  'safe_sign_in.cancelled',
  'session.ended',
  'oidc.consent',
  'oidc.token_issued',
  'oidc.token_revoked',
  'oidc.logout_delivered',
  'oidc.logout_failed',
  'key.rotated',
  'key.retired',
  'sessions.revoked',
  'safe.changed',
] as const

export type AuditEventType = (typeof auditEventTypes)[number]

type AuditDetailValue = string | number | boolean | null | readonly string[]
export type AuditDetails = Readonly<Record<string, AuditDetailValue>>

export type AuditEvent = {
  /** UUIDv7 (time-ordered). */
  id: string
  /** Milliseconds since the epoch. */
  occurredAt: number
  type: AuditEventType
  /** CAIP-10 `eip155:<chainId>:<EIP-55 address>`. */
  account: string | null
  clientId: string | null
  clientIp: string | null
  requestId: string | null
  details: AuditDetails
}

/** An event to record: the trail adds its id and, unless given, its time. */
export type AuditEventInput = {
  type: AuditEventType
  account?: string | null
  clientId?: string | null
  clientIp?: string | null
  requestId?: string | null
  details?: AuditDetails
  occurredAt?: number
}

export function isAuditEventType(text: string): text is AuditEventType {
  return (auditEventTypes as readonly string[]).includes(text)
}

/** The first 12 hex digits of a session id (the SHA-256 of its token): names a session, opens nothing. */
export function sessionIdPrefix(sessionId: string): string {
  return sessionId.slice(0, 12)
}
