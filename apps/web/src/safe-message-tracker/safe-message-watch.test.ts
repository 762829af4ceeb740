import { GatewayHttpError } from '@signet/gateway/errors'
import type { Address, Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { lookAtSafeMessage, type SafeMessageGateway } from './safe-message-watch.ts'

const target = {
  chainId: 31337,
  safe: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0' as Address,
  messageHash: `0x${'ab'.repeat(32)}` as Hex,
}
const owner = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

function gatewayWith(
  message: Awaited<ReturnType<SafeMessageGateway['getSafeMessage']>> | Error,
): SafeMessageGateway {
  return {
    getSafeMessage: async (chainId, messageHash) => {
      expect([chainId, messageHash]).toEqual([target.chainId, target.messageHash])
      if (message instanceof Error) throw message
      return message
    },
  }
}
const chainWith = (signedMessages: bigint | Error) => ({
  readContract: (async (parameters: { functionName: string; args: unknown[] }) => {
    expect(parameters.functionName).toBe('signedMessages')
    expect(parameters.args).toEqual([target.messageHash])
    if (signedMessages instanceof Error) throw signedMessages
    return signedMessages
  }) as never,
})
const notFound = new GatewayHttpError('getSafeMessage', 404, 'Not Found', undefined)

describe('lookAtSafeMessage', () => {
  it('is signed once the gateway has every confirmation and the prepared signature', async () => {
    const look = await lookAtSafeMessage(
      {
        gateway: gatewayWith({
          confirmationsSubmitted: 2,
          confirmationsRequired: 2,
          confirmations: [],
          preparedSignature: '0x1234',
        }),
        chain: chainWith(0n),
      },
      target,
    )
    expect(look).toEqual({ state: 'signed', signature: '0x1234', by: 'gateway' })
  })

  it('is signed with 0x once the Safe approved the hash on chain, whatever the gateway says', async () => {
    expect(await lookAtSafeMessage({ gateway: gatewayWith(notFound), chain: chainWith(1n) }, target)).toEqual(
      {
        state: 'signed',
        signature: '0x',
        by: 'chain',
      },
    )
  })

  it('waits with the confirmations so far; a message not indexed yet is no problem', async () => {
    expect(
      await lookAtSafeMessage(
        {
          gateway: gatewayWith({
            confirmationsSubmitted: 1,
            confirmationsRequired: 2,
            confirmations: [{ owner: { value: owner.toLowerCase() } }],
            preparedSignature: null,
          }),
          chain: chainWith(0n),
        },
        target,
      ),
    ).toEqual({
      state: 'waiting',
      indexed: true,
      submitted: 1,
      required: 2,
      confirmedBy: [owner],
      problems: [],
    })
    expect(await lookAtSafeMessage({ gateway: gatewayWith(notFound), chain: chainWith(0n) }, target)).toEqual(
      {
        state: 'waiting',
        indexed: false,
        submitted: 0,
        required: undefined,
        confirmedBy: [],
        problems: [],
      },
    )
  })

  it('says which place could not be asked, and goes on with the other', async () => {
    const down = new Error('connect ECONNREFUSED')
    const look = await lookAtSafeMessage(
      { gateway: gatewayWith(down), chain: chainWith(new Error('rpc timeout')) },
      target,
    )
    expect(look).toMatchObject({
      state: 'waiting',
      problems: ['Safe Client Gateway: connect ECONNREFUSED', 'chain: rpc timeout'],
      gatewayError: down,
    })
    expect(
      await lookAtSafeMessage({ gateway: gatewayWith(down), chain: chainWith(5n) }, target),
    ).toMatchObject({
      state: 'signed',
      signature: '0x',
    })
  })
})
