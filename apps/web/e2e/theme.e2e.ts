import type { AccentPreset } from '@signet/protocol/public-config'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { accentColours } from '../src/theme/palette.ts'
import { type Fixture, openTestPage, useSignet } from './harness/fixture.ts'
import { showRainbowKitButton } from './harness/rainbowkit.ts'

// Signet's accessible accents (src/theme/palette.ts: RainbowKit's presets moved to WCAG AA) and
// RainbowKit's radii, as its themes define them.
const lightAccent = Object.fromEntries(
  Object.entries(accentColours.light).map(([accent, { background }]) => [accent, background]),
) as Record<AccentPreset, string>
const darkAccent = Object.fromEntries(
  Object.entries(accentColours.dark).map(([accent, { background }]) => [accent, background]),
) as Record<AccentPreset, string>
const modalRadius = { none: '0px', small: '8px', medium: '16px', large: '24px' }
const connectButtonRadius = { none: '0px', small: '4px', medium: '8px', large: '12px' }
const modalBackground = { light: '#FFF', dark: '#1A1B1F' }

type Variables = { accent: string; modalRadius: string; connectButtonRadius: string; modalBackground: string }

/** RainbowKit's CSS variables as they apply to its connect button. */
async function themeVariables(
  fixture: Fixture,
  test: Parameters<typeof openTestPage>[1],
  path: string,
  colorScheme: 'light' | 'dark' = 'light',
) {
  const { page } = await openTestPage(fixture, test, { wallet: false, path, colorScheme })
  return readVariables(page)
}

async function readVariables(page: Page): Promise<Variables> {
  const button = await showRainbowKitButton(page)
  return button.evaluate((element) => {
    const style = getComputedStyle(element)
    const read = (name: string) => style.getPropertyValue(name).trim()
    return {
      accent: read('--rk-colors-accentColor'),
      modalRadius: read('--rk-radii-modal'),
      connectButtonRadius: read('--rk-radii-connectButton'),
      modalBackground: read('--rk-colors-modalBackground'),
    }
  })
}

// The theme (docs/PRODUCT.md, "Theme"): accent and radius presets, light and dark following the system by default.
describe('theme', () => {
  describe('operator default (system mode)', () => {
    const fixture = useSignet({ withoutWalletConnect: true })

    it('follows a light system', async (test) => {
      expect(await themeVariables(fixture, test, '/', 'light')).toEqual({
        accent: lightAccent.blue,
        modalRadius: modalRadius.large,
        connectButtonRadius: connectButtonRadius.large,
        modalBackground: modalBackground.light,
      })
    })

    it('follows a dark system', async (test) => {
      expect(await themeVariables(fixture, test, '/', 'dark')).toEqual({
        accent: darkAccent.blue,
        modalRadius: modalRadius.large,
        connectButtonRadius: connectButtonRadius.large,
        modalBackground: modalBackground.dark,
      })
    })

    it('applies every accent and radius preset from ?accent=&radius=&mode=', async (test) => {
      const { page } = await openTestPage(fixture, test, { wallet: false })
      const combinations = [
        ['blue', 'none', 'light'],
        ['green', 'small', 'dark'],
        ['orange', 'medium', 'light'],
        ['pink', 'large', 'dark'],
        ['purple', 'none', 'dark'],
        ['red', 'small', 'light'],
      ] as const
      for (const [accent, radius, mode] of combinations) {
        await page.goto(`${fixture.signet.url}/?accent=${accent}&radius=${radius}&mode=${mode}`)
        expect(await readVariables(page)).toEqual({
          accent: (mode === 'light' ? lightAccent : darkAccent)[accent],
          modalRadius: modalRadius[radius],
          connectButtonRadius: connectButtonRadius[radius],
          modalBackground: modalBackground[mode],
        })
      }
    })

    it('ignores an unknown override with a console warning', async (test) => {
      const { page, console } = await openTestPage(fixture, test, { wallet: false, path: '/?accent=teal' })
      expect((await readVariables(page)).accent).toBe(lightAccent.blue)
      expect(console).toContain(
        'warning: [Signet] Ignoring ?accent=teal: expected one of blue, green, orange, pink, purple, red.',
      )
    })
  })

  describe('operator theme from SIGNET_THEME_*', () => {
    const fixture = useSignet({
      withoutWalletConnect: true,
      env: { SIGNET_THEME_ACCENT: 'purple', SIGNET_THEME_RADIUS: 'small', SIGNET_THEME_MODE: 'dark' },
    })

    it('uses the configured preset, dark even on a light system', async (test) => {
      expect(await themeVariables(fixture, test, '/', 'light')).toEqual({
        accent: darkAccent.purple,
        modalRadius: modalRadius.small,
        connectButtonRadius: connectButtonRadius.small,
        modalBackground: modalBackground.dark,
      })
    })
  })
})
