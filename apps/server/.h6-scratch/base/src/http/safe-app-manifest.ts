import { Hono } from 'hono'

export type SafeAppManifestOptions = {
  /** The app's name (`SIGNET_APP_NAME`), shown in Safe{Wallet}'s app list. */
  appName: string
  description?: string
}

/** Where the icon is served; `iconPath` in the manifest is relative to the app's URL. */
export const safeAppIconPath = 'safe-app-icon.svg'

const defaultDescription = 'Sign in with Ethereum as your Safe: prove that you control this Safe account.'

// The same mark as the web app's favicon, at a size Safe{Wallet}'s app cards show well.
const icon =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256">' +
  '<rect width="256" height="256" rx="64" fill="#0E76FD"/>' +
  '<circle cx="128" cy="128" r="72" fill="none" stroke="#fff" stroke-width="20"/>' +
  '<path d="m92 130 24 24 48-51" fill="none" stroke="#fff" stroke-width="20" stroke-linecap="round" stroke-linejoin="round"/>' +
  '</svg>'

/**
 * `GET /manifest.json` and its icon, as Safe{Wallet} loads a Safe App: it fetches both cross-origin
 * from its own site, so they are open to any origin (read-only, nothing secret).
 *
 * @example app.route('/', safeAppManifestRoutes({ appName: config.appName }))
 */
export function safeAppManifestRoutes(options: SafeAppManifestOptions): Hono {
  const routes = new Hono()
  const manifest = {
    name: options.appName,
    description: options.description ?? defaultDescription,
    iconPath: safeAppIconPath,
    icons: [{ src: `/${safeAppIconPath}`, sizes: 'any', type: 'image/svg+xml' }],
  }
  routes.use('*', async (c, next) => {
    await next()
    c.header('Access-Control-Allow-Origin', '*')
  })
  routes.options('/manifest.json', (c) => preflight(c.body(null, 204)))
  routes.options(`/${safeAppIconPath}`, (c) => preflight(c.body(null, 204)))
  routes.get('/manifest.json', (c) => {
    c.header('Cache-Control', 'public, max-age=300')
    return c.json(manifest)
  })
  routes.get(`/${safeAppIconPath}`, (c) => {
    c.header('Cache-Control', 'public, max-age=86400')
    c.header('Content-Type', 'image/svg+xml')
    return c.body(icon)
  })
  return routes
}

function preflight(response: Response): Response {
  response.headers.set('Access-Control-Allow-Methods', 'GET, OPTIONS')
  response.headers.set('Access-Control-Max-Age', '86400')
  return response
}
