/**
 * The fixed list of trades of a business profile (issue 15 §3). Zod-free: the public profile's
 * first visit shows trades and must not download zod (docs/decisions/0062).
 */
/** In the order the form offers them; the ids are what users.trades stores (migration 1200 lists them too). */
export const TRADES = [
  { id: 'produce', label: 'Produce' },
  { id: 'meat', label: 'Meat' },
  { id: 'fish', label: 'Fish' },
  { id: 'dairy', label: 'Dairy' },
  { id: 'bakery', label: 'Bakery' },
  { id: 'beverages', label: 'Beverages' },
  { id: 'dry-goods', label: 'Dry goods' },
  { id: 'equipment', label: 'Equipment' },
  { id: 'catering', label: 'Catering' },
  { id: 'restaurant', label: 'Restaurant' },
  { id: 'cafe', label: 'Café' },
  { id: 'bar', label: 'Bar' },
  { id: 'shop', label: 'Shop' },
  { id: 'other', label: 'Other' },
] as const;
export type Trade = (typeof TRADES)[number]['id'];
export const TRADE_IDS = TRADES.map((t) => t.id) as Trade[];
export const isTrade = (value: string): value is Trade => (TRADE_IDS as string[]).includes(value);
export const tradeLabel = (id: Trade) => TRADES.find((t) => t.id === id)?.label ?? id;
