import { accentPresets, radiusPresets } from '@signet/protocol/public-config'
import { describe, expect, it } from 'vitest'
import { connectButtonLook } from './connect-button-look.ts'
import { rainbowKitTheme } from './theme.ts'

describe('connectButtonLook', () => {
  it('matches the RainbowKit theme Signet builds for every accent and radius preset', () => {
    for (const accent of accentPresets) {
      for (const radius of radiusPresets) {
        const look = connectButtonLook({ accent, radius, mode: 'system' })
        const theme = rainbowKitTheme({ accent, radius, mode: 'system' })
        if (!('lightMode' in theme)) throw new Error('system mode gives both themes')
        const { lightMode: light, darkMode: dark } = theme
        expect(look).toEqual({
          light: { background: light.colors.accentColor, foreground: light.colors.accentColorForeground },
          dark: { background: dark.colors.accentColor, foreground: dark.colors.accentColorForeground },
          radius: light.radii.connectButton,
        })
      }
    }
  })
})
