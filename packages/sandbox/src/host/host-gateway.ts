import { createGatewayClient } from '@signet/gateway/client'
import { GatewayHttpError } from '@signet/gateway/errors'
import { gatewayErrorText } from '@signet/gateway/request'
import type { Hex } from 'viem'
import { SandboxHostError } from './host-errors.ts'

export type GatewayClient = ReturnType<typeof createGatewayClient>

/**
 * The Client Gateway as the host uses it, as Safe{Wallet} does: the typed client, plus the one call
 * it lacks, adding an owner's confirmation to a proposed Safe transaction.
 */
export type HostGateway = {
  client: GatewayClient
  /** `POST /v1/chains/{chainId}/transactions/{safeTxHash}/confirmations` with `{ signature }`. */
  addConfirmation(chainId: number, safeTxHash: Hex, signature: Hex): Promise<void>
}

const timeoutMs = 10_000

export function createHostGateway(baseUrl: string): HostGateway {
  return {
    client: createGatewayClient({ baseUrl, timeoutMs }),
    async addConfirmation(chainId, safeTxHash, signature) {
      const url = `${baseUrl.replace(/\/+$/, '')}/v1/chains/${chainId}/transactions/${safeTxHash}/confirmations`
      let response: Response
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ signature }),
          signal: AbortSignal.timeout(timeoutMs),
        })
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        throw new Error(`The Safe Client Gateway could not be reached (POST ${url}): ${reason}`)
      }
      if (response.ok) return
      const text = await response.text()
      let body: unknown = text
      try {
        body = JSON.parse(text)
      } catch {}
      throw new Error(gatewayErrorText(response.status, response.statusText, body))
    },
  }
}

/** Whether the gateway answered 404 (it does not know the transaction or message). */
export function isGatewayNotFound(error: unknown): boolean {
  return error instanceof GatewayHttpError && error.status === 404
}

/** A gateway failure as the host answers it: 502, the gateway's own text, shown on the page. */
export function gatewayFailure(what: string, error: unknown): SandboxHostError {
  const reason = error instanceof Error ? error.message : String(error)
  return new SandboxHostError('GATEWAY_FAILED', `The Safe Client Gateway ${what}: ${reason}`)
}
