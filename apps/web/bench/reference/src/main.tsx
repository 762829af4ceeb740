import '@rainbow-me/rainbowkit/styles.css'
import {
  ConnectButton,
  createAuthenticationAdapter,
  getDefaultConfig,
  RainbowKitAuthenticationProvider,
  RainbowKitProvider,
} from '@rainbow-me/rainbowkit'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createSiweMessage } from 'viem/siwe'
import { WagmiProvider } from 'wagmi'
import { mainnet } from 'wagmi/chains'

// The baseline of `npm run bench:load`: RainbowKit's default set-up as its documentation shows it —
// getDefaultConfig (its default wallets), RainbowKitProvider, ConnectButton, and a Sign-In with
// Ethereum adapter. Nothing here is tuned.

const config = getDefaultConfig({
  appName: 'RainbowKit reference',
  // A project id of the right shape that is nobody's example (as in the browser tests).
  projectId: '5e2e0c0ffee5e2e0c0ffee5e2e0c0ffe',
  chains: [mainnet],
})

const queryClient = new QueryClient()

const authenticationAdapter = createAuthenticationAdapter({
  getNonce: async () => crypto.randomUUID().replaceAll('-', ''),
  createMessage: ({ nonce, address, chainId }) =>
    createSiweMessage({
      domain: window.location.host,
      address,
      statement: 'Sign in with Ethereum to the app.',
      uri: window.location.origin,
      version: '1',
      chainId,
      nonce,
    }),
  verify: async () => false,
  signOut: async () => {},
})

function Reference() {
  return (
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <RainbowKitAuthenticationProvider adapter={authenticationAdapter} status="unauthenticated">
          <RainbowKitProvider>
            <header style={{ display: 'flex', justifyContent: 'space-between', padding: 16 }}>
              <strong>Reference</strong>
              <ConnectButton />
            </header>
          </RainbowKitProvider>
        </RainbowKitAuthenticationProvider>
      </QueryClientProvider>
    </WagmiProvider>
  )
}

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
createRoot(root).render(
  <StrictMode>
    <Reference />
  </StrictMode>,
)
