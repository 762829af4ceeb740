import { framedSessionHeaders } from './safe-hosts.ts'

const installed = new WeakSet<object>()

/**
 * Inside a cross-site frame, marks the page's own sign-in calls (`/api/auth/*` on this origin) with
 * {@link framedSessionHeaders}, so the server answers with a partitioned session cookie — the only
 * kind a browser keeps there. Whatever client makes the calls (RainbowKit's sign-in adapter
 * included) needs no change; other requests pass untouched.
 */
export function installFramedSessionFetch(win: Pick<Window, 'fetch' | 'location'> = window): void {
  if (installed.has(win)) return
  installed.add(win)
  const original = win.fetch.bind(win)
  win.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), win.location.href)
    if (url.origin !== win.location.origin || !url.pathname.startsWith('/api/auth/'))
      return original(input, init)
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined))
    for (const [name, value] of Object.entries(framedSessionHeaders)) headers.set(name, value)
    return original(input, { ...init, headers })
  }
}
