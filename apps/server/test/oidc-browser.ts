import type { Address, Hex } from 'viem'
import { createSiweMessage } from 'viem/siwe'

// A browser's side of an OpenID Connect sign-in through Signet, over plain HTTP: follows the redirects
// with a cookie jar and answers Signet's interaction calls as its web app does. For server tests and the
// benchmark; the browser tests drive the real web app in Chromium instead.

/** Cookies by name (path and expiry are left to the server's care: every cookie goes everywhere). */
export class CookieJar {
  readonly #cookies = new Map<string, string>()

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';')
      const separator = pair.indexOf('=')
      const name = pair.slice(0, separator).trim()
      const value = pair.slice(separator + 1).trim()
      const expired = attributes.some((attribute) => {
        const [key, date] = attribute.trim().split('=')
        return (
          (key?.toLowerCase() === 'expires' && date && Date.parse(date) <= Date.now()) ||
          (key?.toLowerCase() === 'max-age' && Number(date) <= 0)
        )
      })
      if (expired || value === '') this.#cookies.delete(name)
      else this.#cookies.set(name, value)
    }
  }

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  has(name: string): boolean {
    return this.#cookies.has(name)
  }
}

export type InteractionDetails = {
  uid: string
  prompt: 'login' | 'consent'
  client: { id: string; name: string }
  /** null for a device's request (RFC 8628). */
  redirectUri: string | null
  /** What the signed message's Resources list: the redirect URI, or for a device Signet's device page. */
  resource: string
  scopes: string[]
  statement: string
  session: { address: string; chainId: number; accountType: string } | null
}

/** GET with the jar's cookies, without following redirects. */
export async function browserGet(jar: CookieJar, url: string): Promise<Response> {
  const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } })
  jar.store(response)
  return response
}

/** POST JSON from Signet's own page (its Origin: `pageOrigin`, by default the URL's), with the jar's cookies. */
export async function browserPost(
  jar: CookieJar,
  url: string,
  body: unknown = {},
  pageOrigin = new URL(url).origin,
): Promise<Response> {
  const response = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: jar.header(), 'content-type': 'application/json', origin: pageOrigin },
    body: JSON.stringify(body),
  })
  jar.store(response)
  return response
}

/**
 * Follows redirects from `url` until one leaves `origin` (the answer to the application), lands on a
 * Signet interaction page, or for a device's request ends on Signet's page (`/oidc/device/<uid>`
 * answering 200: its HTML goes to `onDevicePage`, for that page answers once); returns that URL.
 */
export async function followToInteractionOrApp(
  jar: CookieJar,
  url: string,
  origin: string,
  onDevicePage?: (html: string) => void,
): Promise<URL> {
  let next = new URL(url)
  for (let hops = 0; hops < 10; hops++) {
    if (next.origin !== origin || next.pathname.startsWith('/oidc/interaction/')) return next
    const response = await browserGet(jar, next.href)
    const location = response.headers.get('location')
    if (response.status === 200 && next.pathname.startsWith('/oidc/device/') && onDevicePage) {
      onDevicePage(await response.text())
      return next
    }
    if (response.status < 300 || response.status >= 400 || !location) {
      throw new Error(`GET ${next.href} answered ${response.status}: ${await response.text()}`)
    }
    next = new URL(location, next)
  }
  throw new Error('too many redirects')
}

/** The message a wallet signs for this interaction: its statement names the application, its resources where the proof goes. */
export function interactionSignInMessage(
  details: InteractionDetails,
  address: Address,
  nonce: string,
  origin: string,
  overrides: { domain?: string; chainId?: number } = {},
): string {
  return createSiweMessage({
    domain: overrides.domain ?? new URL(origin).host,
    address,
    uri: origin,
    version: '1',
    chainId: overrides.chainId ?? 31337,
    nonce,
    issuedAt: new Date(),
    statement: details.statement,
    resources: [details.resource],
  })
}

/** Who signs the sign-in message: an EOA (a viem account), or a Safe whose owners sign for it. */
export type MessageSigner = { address: Address; signMessage(args: { message: string }): Promise<Hex> }

/**
 * Signs in at the interaction `interactionUrl` with `account`, consents when asked, and returns the URL
 * the browser lands on at the application (with `code` or `error`).
 */
export async function signInThroughInteraction(
  jar: CookieJar,
  interactionUrl: URL,
  account: MessageSigner,
  /** Signet's public origin when it differs from where the requests go (SIGNET_ORIGIN of a test process). */
  publicOrigin = interactionUrl.origin,
  /** A device's request ends on Signet's own page: its HTML. */
  onDevicePage?: (html: string) => void,
): Promise<URL> {
  const origin = interactionUrl.origin
  let page = interactionUrl
  for (let step = 0; step < 3; step++) {
    if (!page.pathname.startsWith('/oidc/interaction/')) return page
    const details = (await (await browserGet(jar, `${page.href}/details`)).json()) as InteractionDetails
    let answer: Response
    if (details.prompt === 'login') {
      const nonce = ((await (await fetch(`${origin}/api/auth/nonce`)).json()) as { nonce: string }).nonce
      const message = interactionSignInMessage(details, account.address, nonce, publicOrigin)
      const signature = await account.signMessage({ message })
      answer = await browserPost(jar, `${page.href}/login`, { message, signature }, publicOrigin)
    } else {
      answer = await browserPost(jar, `${page.href}/consent`, {}, publicOrigin)
    }
    if (!answer.ok)
      throw new Error(`interaction ${details.prompt} answered ${answer.status}: ${await answer.text()}`)
    const { redirectTo } = (await answer.json()) as { redirectTo: string }
    page = await followToInteractionOrApp(jar, redirectTo, origin, onDevicePage)
  }
  return page
}

/** POST an HTML form (as a browser without script does), with the jar's cookies. */
export async function browserPostForm(jar: CookieJar, url: string, fields: Record<string, string>) {
  const response = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  })
  jar.store(response)
  return response
}

/** The hidden inputs of a page's forms, by name. */
export function hiddenInputs(html: string): Record<string, string> {
  const inputs: Record<string, string> = {}
  for (const [, name = '', value = ''] of html.matchAll(
    /<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g,
  ))
    inputs[name] = value
  return inputs
}
