/**
 * Exit codes of the `signet` command; `unchecked`: a contract account's RPC could not be reached;
 * `invalid` is also `sessions revoke`'s "nothing matched" and a refused `signet keys` change.
 */
export const exitCodes = { ok: 0, invalid: 1, usage: 2, unchecked: 3 } as const

export const usageText = `Usage: signet <command> [options]

Commands:
  serve                      start Signet (what \`npm start\` runs); stops on Ctrl-C / SIGTERM
  dev                        start Signet for development; stops on Ctrl-C / SIGTERM
  parse --message FILE|-     print the fields of an EIP-4361 message as JSON
                             exit 0, or 1 with {"error":{"code","message"}} when it does not parse
  verify --message FILE|- --signature 0x… [--domain D] [--nonce N] [--time ISO] [--rpc URL]
                             check a signed message: the domain and nonce when given, expirationTime and
                             notBefore at --time (default now), and the signature (EOA offline; contract
                             accounts through --rpc, which may be repeated as fallbacks)
                             exit 0 valid, 1 invalid, 2 usage error, 3 could not check (the RPC of a
                             contract account's chain is unreachable: {"valid":null,"error":{"code":
                             "rpc_unavailable",…}} — never reported as invalid)
  audit [--since 1h] [--account ACCOUNT] [--type TYPE] [--json]
                             print the audit trail, oldest first: a table, or one JSON object per line
                             with --json; --since a duration (90s, 30m, 24h, 7d); --type one of
                             sign_in.succeeded sign_in.refused safe_sign_in.proposed
                             safe_sign_in.completed safe_sign_in.cancelled session.ended oidc.consent
                             oidc.token_issued oidc.token_revoked oidc.logout_delivered oidc.logout_failed
                             key.rotated key.retired sessions.revoked safe.changed
  sessions list [--account ACCOUNT] [--json]
                             print the live Signet sessions: id (the first 12 hex digits of the SHA-256
                             of the cookie token, never the token), address, chain, type, issued, expires
  sessions revoke --account ACCOUNT | --id ID [--json]
                             end at once, in every process on the database: the account's Signet
                             sessions, OpenID Connect grants, sessions and tokens, and pending Safe
                             sign-ins — or, with --id (8 or more hex digits of an id), that one Signet
                             session; recorded in the audit trail. Exit 0 when something was ended,
                             1 when nothing matched
  keys list [--json]         the OpenID Connect signing keys in the database: kid, state (pending:
                             published, not signing yet; active: signs; previous: published, no longer
                             signs; retired: leaving the JWKS at the time shown; removed), created
  keys rotate                add a new RS256 key: published at once, signs after
                             SIGNET_OIDC_KEY_PROPAGATION (default 10m)
  keys retire KID            stop KID signing; it leaves the JWKS once no token it signed can be valid
                             (ID tokens live 1 h); refused (exit 1) for the only key that can sign
                             keys commands read DATABASE_URL like serve and open only the database;
                             with SIGNET_OIDC_JWKS set they change nothing and exit 2
  help                       show this text

FILE - reads standard input. One newline at the end of the input is not part of the message.
ACCOUNT is an address (0x…: that address on every chain) or a CAIP-10 account id (eip155:<chainId>:0x…).
audit and sessions read DATABASE_URL (and the rest of the environment) as serve does, and open only the
database: no chain, no server. A bad environment variable exits 2 naming it.
`

// Not a SignetError: a command line's mistake, answered with the usage text and never over HTTP.
/** Bad or missing arguments: the CLI prints the reason and the usage text and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError'
  readonly code = 'usage'
}
