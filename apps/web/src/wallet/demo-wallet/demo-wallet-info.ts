import type { WalletInfo } from './announce-provider.ts'

/** A seal with a check mark, in the page's accent blue: shown in the wallet list as "installed". */
const iconSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#0E76FD"/><circle cx="16" cy="16" r="9" fill="none" stroke="#fff" stroke-width="2.5"/><path d="m11.5 16.2 3 3 6-6.4" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/></svg>'

export const demoWalletIcon = `data:image/svg+xml,${encodeURIComponent(iconSvg)}` as const

/** How the demo wallet presents itself over EIP-6963. */
export const demoWalletInfo: WalletInfo = {
  uuid: 'b9f8f6a4-4f5e-4c55-9a52-5f0b7a6b1c01',
  name: 'Signet Demo Wallet',
  icon: demoWalletIcon as `data:image/${string}`,
  rdns: 'dev.signet.demo-wallet',
}
