// Sample figures for the gallery, labelled as such wherever they show: a small sales team's year.

export const salesTeam = [
  { name: 'Amélie Laurent' },
  { name: 'Nguyễn Minh Anh' },
  { name: 'Wang Fang' },
  { name: 'Layla Haddad' },
  { name: 'James Carter' },
  { name: 'Sofia Rossi' },
  { name: 'Kwame Mensah' },
]

export const dealTeam = [{ name: 'Nadia Perez' }, { name: 'Sam Seller' }, { name: 'Olivia Owner' }]

/** Closed revenue per month, in US dollars, oldest first. */
export const revenue = {
  newBusiness: [38_400, 42_100, 35_900, 51_300, 47_800, 58_200],
  renewals: [21_000, 19_500, 24_300, 22_800, 26_100, 27_400],
}

/** Pipeline created and deals won per month, in US dollars, over a year. */
export const pipeline = {
  created: [182_000, 175_000, 204_000, 198_000, 231_000, 219_000, 247_000, 238_000, 262_000, 255_000, 281_000, 296_000],
  won: [52_000, 49_000, 61_000, 58_000, 66_000, 63_000, 72_000, 69_000, 78_000, 74_000, 83_000, 86_000],
}

/** How many won deals came from each source this year. */
export const sources = { website: 44, referrals: 27, events: 18, outbound: 11 }

export const stages = ['discovery', 'demo', 'proposal', 'negotiation', 'won', 'lost'] as const
export type Stage = (typeof stages)[number]

export type SampleDeal = {
  id: number
  company: string
  plan: 'starter' | 'business' | 'enterprise'
  owner: string
  stage: Stage
  value: number
  /** Days from today to the expected close. */
  closesIn: number
}

export const deals: SampleDeal[] = [
  { id: 1, company: 'Harbor Bank', plan: 'enterprise', owner: 'Nadia Perez', stage: 'negotiation', value: 84_000, closesIn: 12 },
  { id: 2, company: 'Northwind Traders', plan: 'business', owner: 'Sam Seller', stage: 'proposal', value: 18_500, closesIn: 21 },
  { id: 3, company: 'Lumen Logistics', plan: 'business', owner: 'Amélie Laurent', stage: 'demo', value: 24_000, closesIn: 35 },
  { id: 4, company: 'Verde Foods', plan: 'starter', owner: 'Wang Fang', stage: 'won', value: 6_200, closesIn: -3 },
  { id: 5, company: 'Atlas Robotics', plan: 'enterprise', owner: 'Layla Haddad', stage: 'discovery', value: 120_000, closesIn: 64 },
  { id: 6, company: 'Bluebird Clinics', plan: 'business', owner: 'Nguyễn Minh Anh', stage: 'proposal', value: 31_800, closesIn: 18 },
  { id: 7, company: 'Solstice Hotels', plan: 'enterprise', owner: 'James Carter', stage: 'negotiation', value: 67_500, closesIn: 9 },
  { id: 8, company: 'Pixel Forge', plan: 'starter', owner: 'Sofia Rossi', stage: 'lost', value: 4_800, closesIn: -11 },
  { id: 9, company: 'Kestrel Energy', plan: 'business', owner: 'Kwame Mensah', stage: 'demo', value: 27_900, closesIn: 42 },
]
