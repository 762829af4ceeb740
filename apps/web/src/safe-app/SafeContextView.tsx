import type { ChainInfo } from '@safe-global/safe-apps-sdk'
import { useEffect, useState } from 'react'
import { formatEther } from 'viem'
import { useBalance } from 'wagmi'
import type { SafeAppSession } from './safe-app-session.ts'

/** The Safe this app runs for: address, chain, owners, threshold, version (from the host). */
export function SafeContextView({ session }: { session: SafeAppSession }) {
  const { info, sdk } = session
  const [chain, setChain] = useState<ChainInfo | undefined>()
  useEffect(() => {
    let live = true
    void sdk.safe.getChainInfo().then(
      (value) => live && setChain(value),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [sdk])
  // Read through the host (rpcCall eth_getBalance), like every read of the Safe's chain here.
  const balance = useBalance({ address: info.safeAddress, chainId: info.chainId })

  return (
    <dl className="account__details" data-testid="safe-context">
      <dt>Safe</dt>
      <dd data-testid="safe-address">{info.safeAddress}</dd>
      <dt>Chain</dt>
      <dd data-testid="safe-chain">
        {chain ? `${chain.chainName} (chain ${chain.chainId})` : `chain ${info.chainId}`}
      </dd>
      <dt>Threshold</dt>
      <dd data-testid="safe-threshold">
        {info.threshold} of {info.owners.length} owners
      </dd>
      <dt>Owners</dt>
      <dd>
        <ol className="safe-app__owners" data-testid="safe-owners">
          {info.owners.map((owner) => (
            <li key={owner}>{owner}</li>
          ))}
        </ol>
      </dd>
      <dt>Version</dt>
      <dd data-testid="safe-version">{info.version}</dd>
      <dt>Balance</dt>
      <dd data-testid="safe-balance">
        {balance.data
          ? `${formatEther(balance.data.value)} ${balance.data.symbol}`
          : balance.isError
            ? 'unavailable'
            : '…'}
      </dd>
    </dl>
  )
}
