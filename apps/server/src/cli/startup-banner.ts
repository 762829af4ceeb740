import type { RunningSignet } from '../serve.ts'

/** The management listener's line of the banner (a cluster's primary prints it too). */
export function managementBannerLine(managementUrl: string): string {
  return `Management (probes and metrics): ${managementUrl} (/livez, /readyz, /metrics)`
}

/**
 * What `signet serve` prints once it listens: the URL and, in demo mode, the local chain, the local
 * gateway, the sandbox Safe{Wallet} host, the funded demo accounts (anvil's public test keys) and the
 * demo Safes — enough to try every flow by hand.
 */
export function startupBanner(signet: Pick<RunningSignet, 'url' | 'demo' | 'managementUrl'>): string {
  const lines = [`Signet is running at ${signet.url} (Ctrl-C to stop)`]
  if (signet.managementUrl) lines.push(managementBannerLine(signet.managementUrl))
  const demo = signet.demo
  if (demo) {
    const accounts = demo.fixtures.demoAccounts ?? []
    lines.push(`Local chain (anvil, chain id 31337): ${demo.rpcUrl}`)
    if (demo.gatewayUrl) lines.push(`Local Safe gateway: ${demo.gatewayUrl}`)
    if (demo.sandboxUrl) lines.push(`Safe{Wallet} sandbox host (Signet as a Safe App): ${demo.sandboxUrl}`)
    if (demo.exampleAppUrl)
      lines.push(
        `Example application (signs in through Signet's OpenID Connect provider): ${demo.exampleAppUrl}`,
      )
    if (demo.walletConnectRelayUrl) lines.push(`Local WalletConnect relay: ${demo.walletConnectRelayUrl}`)
    lines.push('Demo accounts (anvil’s public test keys: never use them on a real chain):')
    for (const [index, account] of accounts.slice(0, 4).entries()) {
      lines.push(`  #${index} ${account.address}  key ${account.privateKey}`)
    }
    for (const safe of demo.fixtures.demoSafes ?? []) {
      const owners = safe.owners.map(
        (owner) => `#${accounts.findIndex((account) => account.address === owner)}`,
      )
      lines.push(
        `Demo Safe ${safe.version}, ${safe.threshold} of ${safe.owners.length}: ${safe.address} (owners ${owners.join(', ')})`,
      )
    }
  }
  return `${lines.join('\n')}\n`
}
