import type { AccentPreset, RadiusPreset } from '@signet/protocol/public-config'
import type { ThemeChoice } from './theme-choice.ts'

/**
 * RainbowKit's connect-button colours and corner radius for each preset (lightTheme/darkTheme
 * `accentColors`, baseTheme radii), copied so the first paint can draw the same button without
 * RainbowKit's code; connect-button-look.test.ts checks them against RainbowKit itself.
 */
const lightAccents: Record<AccentPreset, { background: string; foreground: string }> = {
  blue: { background: '#0E76FD', foreground: '#FFF' },
  green: { background: '#1DB847', foreground: '#FFF' },
  orange: { background: '#FF801F', foreground: '#FFF' },
  pink: { background: '#FF5CA0', foreground: '#FFF' },
  purple: { background: '#5F5AFA', foreground: '#FFF' },
  red: { background: '#FA423C', foreground: '#FFF' },
}
const darkAccents: Record<AccentPreset, { background: string; foreground: string }> = {
  blue: { background: '#3898FF', foreground: '#FFF' },
  green: { background: '#4BD166', foreground: '#1A1B1F' },
  orange: { background: '#FF983D', foreground: '#1A1B1F' },
  pink: { background: '#FF7AB8', foreground: '#1A1B1F' },
  purple: { background: '#7A70FF', foreground: '#FFF' },
  red: { background: '#FF6257', foreground: '#FFF' },
}
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
 * @example connectButtonLook({ accent: 'blue', radius: 'large', mode: 'system' }).light.background // '#0E76FD'
 */
export function connectButtonLook(choice: ThemeChoice): ConnectButtonLook {
  return {
    light: lightAccents[choice.accent],
    dark: darkAccents[choice.accent],
    radius: connectButtonRadii[choice.radius],
  }
}
