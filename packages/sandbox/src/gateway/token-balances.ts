import { type Address, erc20Abi, getAddress, type PublicClient, parseAbiItem } from 'viem'

const transferEvent = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)')

export type Erc20Balance = {
  address: Address
  name: string
  symbol: string
  decimals: number
  balance: bigint
}

/**
 * ERC-20 tokens the Safe holds: every contract that logged an ERC-20 `Transfer` to it (three topics;
 * ERC-721 transfers index the token id too and have four), with a non-zero `balanceOf` now.
 * Contracts that do not answer the ERC-20 metadata calls are left out.
 */
export async function readErc20Balances(client: PublicClient, safe: Address): Promise<Erc20Balance[]> {
  const logs = await client.getLogs({
    event: transferEvent,
    args: { to: safe },
    fromBlock: 0n,
    toBlock: 'latest',
    strict: false,
  })
  const tokens = [
    ...new Set(logs.filter((log) => log.topics.length === 3).map((log) => getAddress(log.address))),
  ]
  const balances = await Promise.all(
    tokens.map(async (address): Promise<Erc20Balance | undefined> => {
      try {
        const [balance, name, symbol, decimals] = await Promise.all([
          client.readContract({ address, abi: erc20Abi, functionName: 'balanceOf', args: [safe] }),
          client.readContract({ address, abi: erc20Abi, functionName: 'name' }),
          client.readContract({ address, abi: erc20Abi, functionName: 'symbol' }),
          client.readContract({ address, abi: erc20Abi, functionName: 'decimals' }),
        ])
        return balance > 0n ? { address, name, symbol, decimals, balance } : undefined
      } catch {
        return undefined
      }
    }),
  )
  return balances.filter((balance): balance is Erc20Balance => balance !== undefined)
}
