import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { http } from 'viem'
import { foundry } from 'viem/chains'
import { createConfig, WagmiProvider } from 'wagmi'
import { connect } from 'wagmi/actions'
import { mock } from 'wagmi/connectors'
import '../../app/app.css'
import { SafePages } from '../SafePages.tsx'

const params = new URLSearchParams(location.search)
const wagmiConfig = createConfig({
  chains: [foundry],
  connectors: [mock({ accounts: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'], features: { watchAssetError: params.has('reject') } })],
  transports: { [foundry.id]: http(params.get('rpc') ?? '') },
})
if (params.has('connect')) void connect(wagmiConfig, { connector: wagmiConfig.connectors[0]! })
createRoot(document.getElementById('root') as HTMLElement).render(
  <WagmiProvider config={wagmiConfig}>
    <QueryClientProvider client={new QueryClient()}>
      <main>
        <SafePages chainId={31337} address={params.get('safe') as `0x${string}`} gatewayUrl={params.get('gw') ?? undefined} />
      </main>
    </QueryClientProvider>
  </WagmiProvider>,
)
