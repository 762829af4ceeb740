import { GatewayHttpError } from '@signet/gateway/errors'
import { type Address, getAddress, type Hex, type PublicClient, parseAbi } from 'viem'

const signedMessagesAbi = parseAbi(['function signedMessages(bytes32) view returns (uint256)'])

/** The gateway call the watch uses (a structural subset of the gateway client). */
export type SafeMessageGateway = {
  getSafeMessage(
    chainId: number,
    messageHash: string,
  ): Promise<{
    confirmationsSubmitted: number
    confirmationsRequired: number
    confirmations: { owner: { value: string } }[]
    preparedSignature?: string | null
  }>
}

export type SafeMessageTarget = { chainId: number; safe: Address; messageHash: Hex }

/** One look at a Safe message, from both places where it can become the Safe's. */
export type SafeMessageLook =
  /** Fully signed: the gateway's prepared signature, or `0x` once the Safe approved it on chain. */
  | { state: 'signed'; signature: Hex; by: 'gateway' | 'chain' }
  | {
      state: 'waiting'
      /** The gateway lists the message (it indexes a proposal asynchronously). */
      indexed: boolean
      submitted: number
      required: number | undefined
      confirmedBy: Address[]
      /** Why one of the two places could not be asked this time (the other may still answer). */
      problems: string[]
      /** The gateway's failure itself (not a 404), for callers that report it their own way. */
      gatewayError?: unknown
      /** The chain's failure itself, likewise. */
      chainError?: unknown
    }

/**
 * Looks at a Safe message in the gateway and on chain, at once. Fully signed in the gateway is
 * `confirmationsSubmitted ≥ confirmationsRequired` with a `preparedSignature`; on chain it is
 * `signedMessages(messageHash) ≠ 0` (a SignMessageLib transaction executed, which also emitted
 * `SignMsg(messageHash)`), after which the empty signature `0x` is valid. Either one signs.
 *
 * @example const look = await lookAtSafeMessage({ gateway, chain: publicClient }, { chainId, safe, messageHash })
 */
export async function lookAtSafeMessage(
  sources: { gateway?: SafeMessageGateway; chain?: Pick<PublicClient, 'readContract'> },
  target: SafeMessageTarget,
): Promise<SafeMessageLook> {
  const problems: string[] = []
  let gatewayError: unknown
  let chainError: unknown
  const [message, approved] = await Promise.all([
    sources.gateway?.getSafeMessage(target.chainId, target.messageHash).catch((error: unknown) => {
      if (error instanceof GatewayHttpError && error.status === 404) return undefined
      gatewayError = error
      problems.push(`Safe Client Gateway: ${textOf(error)}`)
      return undefined
    }),
    sources.chain
      ?.readContract({
        address: target.safe,
        abi: signedMessagesAbi,
        functionName: 'signedMessages',
        args: [target.messageHash],
      })
      .catch((error: unknown) => {
        chainError = error
        problems.push(`chain: ${textOf(error)}`)
        return undefined
      }),
  ])
  if (approved !== undefined && approved !== 0n) return { state: 'signed', signature: '0x', by: 'chain' }
  if (
    message &&
    message.confirmationsSubmitted >= message.confirmationsRequired &&
    message.preparedSignature
  ) {
    return { state: 'signed', signature: message.preparedSignature as Hex, by: 'gateway' }
  }
  return {
    state: 'waiting',
    indexed: message !== undefined,
    submitted: message?.confirmationsSubmitted ?? 0,
    required: message?.confirmationsRequired,
    confirmedBy: (message?.confirmations ?? []).map((confirmation) => getAddress(confirmation.owner.value)),
    problems,
    ...(gatewayError !== undefined ? { gatewayError } : {}),
    ...(chainError !== undefined ? { chainError } : {}),
  }
}

export function textOf(error: unknown): string {
  const short = (error as { shortMessage?: unknown })?.shortMessage
  if (typeof short === 'string') return short
  return error instanceof Error ? error.message : String(error)
}
