import type { z } from 'zod'
import type { components } from '../generated/schema.ts'
import type { balancesSchema, collectiblePageSchema, fiatCodesSchema } from './balances.ts'
import type { chainPageSchema, chainSchema, masterCopiesSchema } from './chains.ts'
import type { dataDecodedSchema } from './data-decoded.ts'
import type { delegatePageSchema } from './delegates.ts'
import type { messagePageSchema, safeMessageSchema } from './messages.ts'
import type { safeAppsSchema } from './safe-apps.ts'
import type { ownedSafesSchema, safeInfoSchema, safeNoncesSchema } from './safes.ts'
import type {
  estimationSchema,
  historyPageSchema,
  queuedPageSchema,
  transactionDetailsSchema,
  transactionListPageSchema,
} from './transactions.ts'

// Compile-time check (tsc, no runtime code): every value of a generated schema type is accepted by
// the input type of the zod schema that validates it, i.e. our validators are never *narrower* in
// shape than the published schema. (Runtime checks still reject what the types cannot express:
// address and hex formats, integer strings.) A schema change that breaks this fails `tsc`.
type S = components['schemas']
type Accepts<Schema extends z.ZodType, Published> = [Published] extends [z.input<Schema>] ? true : false
type Expect<T extends true> = T

export type GeneratedConformance = [
  Expect<Accepts<typeof chainPageSchema, S['ChainPage']>>,
  Expect<Accepts<typeof chainSchema, S['Chain']>>,
  Expect<Accepts<typeof masterCopiesSchema, S['MasterCopy'][]>>,
  Expect<Accepts<typeof safeInfoSchema, S['SafeState']>>,
  Expect<Accepts<typeof ownedSafesSchema, S['SafeList']>>,
  Expect<Accepts<typeof safeNoncesSchema, S['SafeNonces']>>,
  Expect<Accepts<typeof balancesSchema, S['Balances']>>,
  Expect<Accepts<typeof fiatCodesSchema, string[]>>,
  Expect<Accepts<typeof collectiblePageSchema, S['CollectiblePage']>>,
  Expect<Accepts<typeof transactionListPageSchema, S['IncomingTransferPage']>>,
  Expect<Accepts<typeof transactionListPageSchema, S['ModuleTransactionPage']>>,
  Expect<Accepts<typeof transactionListPageSchema, S['MultisigTransactionPage']>>,
  Expect<Accepts<typeof historyPageSchema, S['TransactionItemPage']>>,
  Expect<Accepts<typeof queuedPageSchema, S['QueuedItemPage']>>,
  Expect<Accepts<typeof transactionDetailsSchema, S['TransactionDetails']>>,
  Expect<Accepts<typeof estimationSchema, S['EstimationResponse']>>,
  Expect<Accepts<typeof safeAppsSchema, S['SafeApp'][]>>,
  Expect<Accepts<typeof dataDecodedSchema, S['DataDecoded']>>,
  Expect<Accepts<typeof safeMessageSchema, S['Message']>>,
  Expect<Accepts<typeof messagePageSchema, S['MessagePage']>>,
  Expect<Accepts<typeof delegatePageSchema, S['DelegatePage']>>,
]
