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
 * The longest a token signed with the provider's keys stays valid. Only ID tokens are signed: access
 * tokens are opaque, and JWT userinfo, introspection, JARM and back-channel logout tokens are off.
 */
export const longestSignedTokenLifetimeMs = oidcTokenTtl.IdToken * 1000
