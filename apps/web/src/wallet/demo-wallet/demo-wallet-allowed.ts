import type { PublicConfig } from '@signet/protocol/public-config'

/** The demo wallet exists in demo and dev mode only, and only with demo accounts to back it. */
export function demoWalletAllowed(config: PublicConfig): boolean {
  return config.mode !== 'production' && (config.demoAccounts?.length ?? 0) > 0
}
