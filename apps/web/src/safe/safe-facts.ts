import type { MasterCopy } from '@signet/gateway/responses/chains'
import type { MessageStatus } from '@signet/gateway/responses/enums'
import type { SafeMessage } from '@signet/gateway/responses/messages'
import type { Translate } from '../i18n/translate.ts'

/** Whether the Safe's implementation is one of the master copies the gateway lists for the chain. */
export function isSupportedMasterCopy(implementation: string, masterCopies: MasterCopy[]): boolean {
  return masterCopies.some((copy) => copy.address.toLowerCase() === implementation.toLowerCase())
}

/** The label of a message's status (`Needs confirmation`). */
export function messageStatusLabel(t: Translate, status: MessageStatus): string {
  return t(`safe.messages.status.${status}`)
}

/** The text of a message, or `Typed data: <primaryType>` for EIP-712 messages. */
export function messagePreview(t: Translate, message: SafeMessage['message']): string {
  return typeof message === 'string'
    ? message
    : t('safe.messages.typedData', { primaryType: message.primaryType })
}

/** The `cursor` query value of a gateway `next`/`previous` link, to fetch that page. */
export function pageCursor(link: string | null | undefined): string | undefined {
  if (!link) return undefined
  try {
    return new URL(link).searchParams.get('cursor') ?? undefined
  } catch {
    return undefined
  }
}
