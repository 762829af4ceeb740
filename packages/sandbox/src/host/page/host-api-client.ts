import type { HostContext, HostErrorBody, MessageView, TransactionView } from './host-types.ts'

/** The host server rejected a call; `message` is its text, shown on the page. */
export class HostApiError extends Error {
  readonly code: string
  constructor(code: string, message: string) {
    super(message)
    this.name = 'HostApiError'
    this.code = code
  }
}

async function call<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = (await response.json()) as T | HostErrorBody
  if (!response.ok) {
    const { error } = json as HostErrorBody
    throw new HostApiError(error?.code ?? 'HTTP_ERROR', error?.message ?? response.statusText)
  }
  return json as T
}

/** The host's JSON endpoints (served by the same origin as the page). */
export const hostApi = {
  context: () => call<HostContext>('/api/context'),
  rpc: (callName: string, params: unknown) =>
    call<{ result: unknown } | { error: { code: number; message: string } }>('/api/rpc', {
      call: callName,
      params,
    }),
  balances: (safe: string, currency: string) =>
    call<unknown>(`/api/safes/${safe}/balances/${encodeURIComponent(currency)}`),
  createMessage: (safe: string, message: unknown, origin: string) =>
    call<MessageView>('/api/messages', { safe, message, origin }),
  message: (hash: string) => call<MessageView>(`/api/messages/${hash}`),
  confirmMessage: (hash: string, owner: string) =>
    call<MessageView>(`/api/messages/${hash}/confirm`, { owner }),
  rejectMessage: (hash: string) => call<{ rejected: true }>(`/api/messages/${hash}/reject`, {}),
  proposeTransaction: (safe: string, calls: unknown, origin: string) =>
    call<TransactionView>('/api/transactions', { safe, calls, origin }),
  proposeMessageApproval: (safe: string, message: unknown, origin: string) =>
    call<TransactionView>('/api/transactions/message-approval', { safe, message, origin }),
  transactions: (safe: string) => call<TransactionView[]>(`/api/safes/${safe}/transactions`),
  transaction: (hash: string) => call<TransactionView>(`/api/transactions/${hash}`),
  confirmTransaction: (hash: string, owner: string) =>
    call<TransactionView>(`/api/transactions/${hash}/confirm`, { owner }),
  executeTransaction: (hash: string) => call<TransactionView>(`/api/transactions/${hash}/execute`, {}),
  cancelTransaction: (hash: string) => call<TransactionView>(`/api/transactions/${hash}/cancel`, {}),
}
