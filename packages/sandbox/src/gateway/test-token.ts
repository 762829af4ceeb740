import { createRequire } from 'node:module'
import { sendTransactions } from '@signet/devchain/send-transactions'
import { type Address, encodeFunctionData, erc20Abi, getAddress, type Hex } from 'viem'

/**
 * Deploys the Safe repository's test ERC-20 (`TestToken`, symbol `TT`, 18 decimals; 10^15 units minted
 * to the deployer) from its npm build artifact, for balances and "Add to wallet" on the local chain.
 */
export async function deployTestToken(rpcUrl: string, deployerKey: Hex): Promise<Address> {
  const require = createRequire(import.meta.url)
  const artifact =
    require('safe-contracts-1.4.1/build/artifacts/contracts/test/ERC20Token.sol/ERC20Token.json') as {
      bytecode: Hex
    }
  const [receipt] = await sendTransactions(rpcUrl, deployerKey, [{ data: artifact.bytecode }])
  return getAddress(receipt?.contractAddress as Address)
}

/** Sends `amount` of an ERC-20 from the key's account. */
export async function transferToken(
  rpcUrl: string,
  fromKey: Hex,
  token: Address,
  to: Address,
  amount: bigint,
) {
  await sendTransactions(rpcUrl, fromKey, [
    { to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }) },
  ])
}
