/**
 * RFC 3986 grammar as regular expressions, built rule by rule from the ABNF of RFC 3986 appendix A so each
 * piece can be checked against the RFC. EIP-4361 uses `URI` for `uri` and resources and `authority` for
 * the domain.
 */

const unreserved = 'A-Za-z0-9\\-._~'
const subDelims = "!$&'()*+,;="
const pctEncoded = '%[0-9A-Fa-f]{2}'
const pchar = `(?:[${unreserved}${subDelims}:@]|${pctEncoded})`

const decOctet = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9])'
const ipv4Address = `${decOctet}\\.${decOctet}\\.${decOctet}\\.${decOctet}`
const h16 = '[0-9A-Fa-f]{1,4}'
const ls32 = `(?:${h16}:${h16}|${ipv4Address})`
const ipv6Address = `(?:${[
  `(?:${h16}:){6}${ls32}`,
  `::(?:${h16}:){5}${ls32}`,
  `(?:${h16})?::(?:${h16}:){4}${ls32}`,
  `(?:(?:${h16}:){0,1}${h16})?::(?:${h16}:){3}${ls32}`,
  `(?:(?:${h16}:){0,2}${h16})?::(?:${h16}:){2}${ls32}`,
  `(?:(?:${h16}:){0,3}${h16})?::${h16}:${ls32}`,
  `(?:(?:${h16}:){0,4}${h16})?::${ls32}`,
  `(?:(?:${h16}:){0,5}${h16})?::${h16}`,
  `(?:(?:${h16}:){0,6}${h16})?::`,
].join('|')})`
const ipvFuture = `v[0-9A-Fa-f]+\\.[${unreserved}${subDelims}:]+`
const ipLiteral = `\\[(?:${ipv6Address}|${ipvFuture})\\]`
const regName = `(?:[${unreserved}${subDelims}]|${pctEncoded})*`
const host = `(?:${ipLiteral}|${ipv4Address}|${regName})`
const userinfo = `(?:[${unreserved}${subDelims}:]|${pctEncoded})*`
const port = '[0-9]*'
const authority = `(?:${userinfo}@)?${host}(?::${port})?`

const scheme = '[A-Za-z][A-Za-z0-9+\\-.]*'
const segment = `${pchar}*`
const segmentNz = `${pchar}+`
const pathAbempty = `(?:/${segment})*`
const pathAbsolute = `/(?:${segmentNz}(?:/${segment})*)?`
const pathRootless = `${segmentNz}(?:/${segment})*`
const hierPart = `(?://${authority}${pathAbempty}|${pathAbsolute}|${pathRootless}|)`
const queryOrFragment = `(?:${pchar}|[/?])*`
const uri = `${scheme}:${hierPart}(?:\\?${queryOrFragment})?(?:#${queryOrFragment})?`

const uriPattern = new RegExp(`^${uri}$`)
const authorityPattern = new RegExp(`^${authority}$`)
const schemePattern = new RegExp(`^${scheme}$`)

/** Whether `value` is an RFC 3986 `URI` (absolute, with a scheme). */
export function isUri(value: string): boolean {
  return uriPattern.test(value)
}

/**
 * Whether `value` is an RFC 3986 `authority` usable as a SIWE domain. The grammar allows an empty host;
 * a sign-in domain must name one, so the empty authority is refused.
 */
export function isAuthority(value: string): boolean {
  if (!authorityPattern.test(value)) return false
  const withoutUserinfo = value.slice(value.lastIndexOf('@') + 1)
  return withoutUserinfo.length > 0 && !withoutUserinfo.startsWith(':')
}

/** Whether `value` is an RFC 3986 `scheme`. */
export function isScheme(value: string): boolean {
  return schemePattern.test(value)
}
