import { useCallback } from 'react'
import type { Hex } from 'viem'
import { useAccount, useSignMessage, useSignTypedData, useSwitchChain } from 'wagmi'
import type { OwnerSigner } from './owner-signature.ts'

/**
 * The connected wallet as a Safe owner's signer for `chainId`. The wallet is switched to the Safe's
 * chain first: wallets refuse EIP-712 data whose domain names another chain than theirs.
 */
export function useOwnerSigner(): (chainId: number) => OwnerSigner {
  const { chainId: walletChainId } = useAccount()
  const { signTypedDataAsync } = useSignTypedData()
  const { signMessageAsync } = useSignMessage()
  const { switchChainAsync } = useSwitchChain()
  return useCallback(
    (chainId: number): OwnerSigner => {
      const onChain = async () => {
        if (walletChainId !== chainId) await switchChainAsync({ chainId })
      }
      return {
        async signTypedData(typedData) {
          await onChain()
          return signTypedDataAsync(typedData as Parameters<typeof signTypedDataAsync>[0])
        },
        async signRawHash(hash: Hex) {
          await onChain()
          return signMessageAsync({ message: { raw: hash } })
        },
      }
    },
    [walletChainId, signTypedDataAsync, signMessageAsync, switchChainAsync],
  )
}
