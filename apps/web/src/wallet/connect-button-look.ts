import type { RadiusPreset } from '@signet/protocol/public-config'
import { accentColours } from '../theme/palette.ts'
import type { ThemeChoice } from '../theme/theme-choice.ts'

/**
 * RainbowKit's connect-button corner radius for each preset (baseTheme radii), copied so the first
 * paint can draw the same button without RainbowKit's code; connect-button-look.test.ts checks it
 * and the colours against the theme Signet gives RainbowKit (theme.ts).
 */
const connectButtonRadii: Record<RadiusPreset, string> = {
  none: '0px',
  small: '4px',
  medium: '8px',
  large: '12px',
}

export type ConnectButtonLook = {
  light: { background: string; foreground: string }
  dark: { background: string; foreground: string }
  radius: string
}

/**
 * How RainbowKit's "Connect Wallet" button looks for a theme choice, in light and dark.
 *
 * @example connectButtonLook({ accent: 'blue', radius: 'large', mode: 'system' }).light.background // '#0266E8'
 */
export function connectButtonLook(choice: ThemeChoice): ConnectButtonLook {
  return {
    light: accentColours.light[choice.accent],
    dark: accentColours.dark[choice.accent],
    radius: connectButtonRadii[choice.radius],
  }
}
