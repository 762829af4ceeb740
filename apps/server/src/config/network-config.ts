import { isIP } from 'node:net'

// HOST and SIGNET_TRUST_PROXY: where Signet listens and which peers may tell it the client's address.
// Kept apart from config.ts, which reads every other variable; both throw the same ConfigError.

type Env = Record<string, string | undefined>
type ConfigErrorFactory = (variable: string, problem: string) => Error

const hostnameLabel = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/

/**
 * `HOST`: an IPv4/IPv6 address (IPv6 without brackets, as Node's `listen` takes it) or a hostname
 * (RFC 1123 labels). Default 127.0.0.1. `name`/`fallback`: another host variable read the same way
 * (SIGNET_MANAGEMENT_HOST, whose default is HOST).
 *
 * @example readHost({ HOST: '0.0.0.0' }, fail) // '0.0.0.0'
 */
export function readHost(env: Env, fail: ConfigErrorFactory, name = 'HOST', fallback = '127.0.0.1'): string {
  const text = env[name]?.trim()
  if (!text) return fallback
  if (isIP(text) !== 0 || isHostname(text)) return text
  throw fail(
    name,
    `expected an IP address (such as 0.0.0.0 or ::) or a hostname (such as localhost), got ${JSON.stringify(text)}`,
  )
}

function isHostname(text: string): boolean {
  const name = text.endsWith('.') ? text.slice(0, -1) : text
  if (name.length === 0 || name.length > 253) return false
  const labels = name.split('.')
  // All-numeric dotted text that is not an IP (999.1.1.1) is a typo, not a hostname.
  if (labels.every((label) => /^\d+$/.test(label))) return false
  return labels.every((label) => hostnameLabel.test(label))
}

/**
 * `SIGNET_TRUST_PROXY`: the reverse proxies whose `X-Forwarded-For` names the client — `off` (default:
 * the socket's peer is the client) or a comma-separated list of proxy addresses and CIDR ranges, such as
 * `127.0.0.1,::1` or `10.0.0.0/8`. A list, not a hop count: a client that reaches Signet around the proxy
 * is then never believed.
 *
 * @example readTrustedProxies({ SIGNET_TRUST_PROXY: '10.0.0.0/8, ::1' }, fail) // ['10.0.0.0/8', '::1']
 */
export function readTrustedProxies(env: Env, fail: ConfigErrorFactory): string[] {
  const text = env.SIGNET_TRUST_PROXY?.trim()
  if (!text || text === 'off') return []
  return text.split(',').map((part) => {
    const entry = part.trim()
    if (!isAddressOrRange(entry)) {
      throw fail(
        'SIGNET_TRUST_PROXY',
        `expected "off" or comma-separated proxy IP addresses or CIDR ranges (such as 127.0.0.1,10.0.0.0/8), got ${JSON.stringify(entry)}`,
      )
    }
    return entry
  })
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/')
  const family = isIP(address)
  if (family === 0 || extra !== undefined) return false
  if (prefix === undefined) return true
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128)
}
