import type { WalletDescriptor } from './wallet-descriptor.ts'

// Sample operator wallets for the tests of both sides of the protocol (server config, browser wallets).

export const sampleIconUrl =
  'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E'

/** A browser extension found by EIP-6963 rdns or its window.ethereum flag, with install steps. */
export const extensionWallet: WalletDescriptor = {
  id: 'acme-wallet',
  name: 'Acme Wallet',
  iconUrl: sampleIconUrl,
  iconAccent: '#1f6feb',
  iconBackground: '#0b1d3a',
  downloadUrls: { chrome: 'https://chrome.example/acme', linux: 'https://acme.example/linux' },
  instructions: {
    extension: {
      learnMoreUrl: 'https://acme.example/help',
      steps: [
        { step: 'install', title: 'Install Acme', description: 'Pin it.' },
        { step: 'refresh', title: 'Refresh', description: 'Reload the page.' },
      ],
    },
    desktop: {
      learnMoreUrl: 'https://acme.example/desktop',
      steps: [{ step: 'connect', title: 'Open Acme', description: 'Then connect.' }],
    },
  },
  connect: { kind: 'injected', rdns: 'com.acme.wallet', flag: 'isAcmeWallet' },
}

/** A phone wallet over WalletConnect, with a download QR code and scan steps. */
export const mobileWallet: WalletDescriptor = {
  id: 'acme-mobile',
  name: 'Acme Mobile',
  iconUrl: 'https://acme.example/icon.png',
  iconBackground: '#fff',
  downloadUrls: { qrCode: 'https://acme.example/app', android: 'https://play.example/acme' },
  instructions: {
    qrCode: {
      learnMoreUrl: 'https://acme.example/mobile',
      steps: [{ step: 'scan', title: 'Tap scan', description: 'Scan the code.' }],
    },
  },
  connect: {
    kind: 'walletConnect',
    mobileLink: 'https://acme.example/wc?uri=',
    desktopLink: 'acme://wc?uri=',
  },
}
