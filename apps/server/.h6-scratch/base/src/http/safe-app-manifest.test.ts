import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { safeAppIconPath, safeAppManifestRoutes } from './safe-app-manifest.ts'

const app = new Hono().route('/', safeAppManifestRoutes({ appName: 'Signet' }))

describe('Safe App manifest', () => {
  it('serves name, description, iconPath and icons, open to any origin', async () => {
    const response = await app.request('/manifest.json', { headers: { Origin: 'https://app.safe.global' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/)
    expect(await response.json()).toEqual({
      name: 'Signet',
      description: 'Sign in with Ethereum as your Safe: prove that you control this Safe account.',
      iconPath: 'safe-app-icon.svg',
      icons: [{ src: '/safe-app-icon.svg', sizes: 'any', type: 'image/svg+xml' }],
    })
  })

  it('serves the icon the manifest names, as SVG, open to any origin', async () => {
    const response = await app.request(`/${safeAppIconPath}`, {
      headers: { Origin: 'https://app.safe.global' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('image/svg+xml')
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(await response.text()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>.*<\/svg>$/)
  })

  it('answers a CORS preflight for GET', async () => {
    const response = await app.request('/manifest.json', {
      method: 'OPTIONS',
      headers: { Origin: 'https://app.safe.global', 'Access-Control-Request-Method': 'GET' },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(response.headers.get('Access-Control-Allow-Methods')).toBe('GET, OPTIONS')
  })

  it('uses the configured name and description', async () => {
    const custom = new Hono().route(
      '/',
      safeAppManifestRoutes({ appName: 'Acme Login', description: 'Acme sign-in' }),
    )
    const body = (await (await custom.request('/manifest.json')).json()) as {
      name: string
      description: string
    }
    expect(body).toMatchObject({ name: 'Acme Login', description: 'Acme sign-in' })
  })
})
