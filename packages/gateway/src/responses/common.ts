import { z } from 'zod'

// Same shapes as viem's `Address`/`Hex`, without making the client depend on viem.
export type Address = `0x${string}`
export type Hex = `0x${string}`

export const addressSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'expected a 0x-prefixed 20-byte address')
  .transform((value) => value as Address)

export const hexSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]*$/, 'expected 0x-prefixed hex')
  .transform((value) => value as Hex)

/** A decimal integer in a string (token amounts, gas): the gateway never sends these as JSON numbers. */
export const integerStringSchema = z.string().regex(/^-?\d+$/, 'expected a decimal integer string')

export const countSchema = z.number().int().nonnegative()

/** `AddressInfo`: an address with the name and logo the gateway knows for it. */
export const addressInfoSchema = z.object({
  value: addressSchema,
  name: z.string().nullish(),
  logoUri: z.string().nullish(),
})
export type AddressInfo = z.infer<typeof addressInfoSchema>

/** The gateway's cursor page (`next`/`previous` are full URLs). */
export function pageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    count: z.number().nullish(),
    next: z.string().nullish(),
    previous: z.string().nullish(),
    results: z.array(item),
  })
}

export type Page<Item> = {
  count?: number | null
  next?: string | null
  previous?: string | null
  results: Item[]
}
