import { darkTheme, lightTheme } from '@rainbow-me/rainbowkit'
import { accentPresets, radiusPresets } from '@signet/protocol/public-config'
import { describe, expect, it } from 'vitest'
import { connectButtonLook } from './connect-button-look.ts'

describe('connectButtonLook', () => {
  it('matches RainbowKit’s own theme for every accent and radius preset', () => {
    for (const accent of accentPresets) {
      for (const radius of radiusPresets) {
        const look = connectButtonLook({ accent, radius, mode: 'system' })
        const light = lightTheme({ ...lightTheme.accentColors[accent], borderRadius: radius })
        const dark = darkTheme({ ...darkTheme.accentColors[accent], borderRadius: radius })
        expect(look).toEqual({
          light: { background: light.colors.accentColor, foreground: light.colors.accentColorForeground },
          dark: { background: dark.colors.accentColor, foreground: dark.colors.accentColorForeground },
          radius: light.radii.connectButton,
        })
      }
    }
  })
})
