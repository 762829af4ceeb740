import { describe, expect, it } from 'vitest'
import { startupBanner } from './startup-banner.ts'

describe('startupBanner', () => {
  it('prints only the URL outside demo mode', () => {
    expect(startupBanner({ url: 'https://signet.example' })).toBe(
      'Signet is running at https://signet.example (Ctrl-C to stop)\n',
    )
  })

  it('prints the management listener when there is one', () => {
    expect(startupBanner({ url: 'https://signet.example', managementUrl: 'http://127.0.0.1:8788' })).toBe(
      'Signet is running at https://signet.example (Ctrl-C to stop)\n' +
        'Management (probes and metrics): http://127.0.0.1:8788 (/livez, /readyz, /metrics)\n',
    )
  })

  it('prints the local chain, gateway, sandbox, demo accounts and Safes in demo mode', () => {
    const a = { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', privateKey: '0xac09' }
    const b = { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', privateKey: '0x59c6' }
    const banner = startupBanner({
      url: 'http://localhost:8787',
      demo: {
        rpcUrl: 'http://127.0.0.1:4545',
        gatewayUrl: 'http://127.0.0.1:4546',
        sandboxUrl: 'http://127.0.0.1:4547',
        exampleAppUrl: 'http://127.0.0.1:4548',
        walletConnectRelayUrl: 'ws://127.0.0.1:4549',
        fixtures: {
          demoAccounts: [a, b],
          demoSafes: [
            {
              address: '0xD699',
              chainId: 31337,
              owners: [a.address, b.address],
              threshold: 2,
              version: '1.4.1',
            },
          ],
        },
      },
    })
    expect(banner).toBe(
      [
        'Signet is running at http://localhost:8787 (Ctrl-C to stop)',
        'Local chain (anvil, chain id 31337): http://127.0.0.1:4545',
        'Local Safe gateway: http://127.0.0.1:4546',
        'Safe{Wallet} sandbox host (Signet as a Safe App): http://127.0.0.1:4547',
        "Example application (signs in through Signet's OpenID Connect provider): http://127.0.0.1:4548",
        'Local WalletConnect relay: ws://127.0.0.1:4549',
        'Demo accounts (anvil’s public test keys: never use them on a real chain):',
        `  #0 ${a.address}  key 0xac09`,
        `  #1 ${b.address}  key 0x59c6`,
        'Demo Safe 1.4.1, 2 of 2: 0xD699 (owners #0, #1)',
        '',
      ].join('\n'),
    )
  })
})
