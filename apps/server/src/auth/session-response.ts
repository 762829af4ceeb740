import type { SessionResponse } from '@signet/protocol/auth-api'
import type { Session } from '../store/session-store.ts'

/** A session as the API answers it (verify, session, and the OpenID Connect sign-in page). */
export function sessionBody(session: Session): SessionResponse {
  return {
    address: session.address,
    chainId: session.chainId,
    accountType: session.accountType,
    issuedAt: new Date(session.issuedAt).toISOString(),
    expiresAt: new Date(session.expiresAt).toISOString(),
  }
}
