// Apart from the provider (oidc-provider.ts) so that `signet keys` knows them without loading oidc-provider.

/** Lifetimes (seconds) of what the provider issues. */
export const oidcTokenTtl = {
  AccessToken: 3600,
  AuthorizationCode: 60,
  IdToken: 3600,
  Interaction: 3600,
  Grant: 14 * 24 * 3600,
  Session: 14 * 24 * 3600,
} as const

/**
 * A grant's lifetime (seconds): it outlives its refresh tokens (`SIGNET_OIDC_REFRESH_TTL`), since they are
 * revoked through it. A Safe is watched on chain as long as a grant of it can live.
 */
export function oidcGrantTtlSeconds(refreshTtlSeconds: number): number {
  return Math.max(oidcTokenTtl.Grant, refreshTtlSeconds)
}

/**
 * The longest a token signed with the provider's keys stays valid: ID tokens (access and refresh tokens
 * are opaque; back-channel logout tokens, also signed, live 2 minutes).
 */
export const longestSignedTokenLifetimeMs = oidcTokenTtl.IdToken * 1000
