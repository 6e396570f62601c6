import type { ProductFigures } from '@closeroom/shared'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { inRange, money, num, onQuarterHours, ownedBy, type Range, type Rates, rows, type Scope } from './context.ts'
import { dealConditions, dealsKey } from './drill.ts'

/**
 * The /ecommerce figures of one period: products in the deals won in it, and each product room's funnel. A room
 * visit is its room owner's at the time (whom the room's inquiries went to), so it is scoped like a deal.
 */
export async function productFigures(db: Db, scope: Scope, rates: Rates, range: Range): Promise<ProductFigures> {
  const asked = scope.asked
  const [from, to] = range
  const wonIn = dealConditions(scope, { kind: 'won', closed: [from, to] })
  const base = dealConditions(scope, {})

  // Won deals and their lines from the counts the triggers keep per quarter hour when the period is a run of whole
  // buckets (every zone today), else over the deals. A deal has one line per product, so lines are deals.
  const counted = onQuarterHours(from, to)
  const countedWon = (table: string) =>
    sql`${sql.raw(table)} c join pipeline_stages s on s.id = c.stage_id
      where c.organization_id = ${scope.organizationId} and ${ownedBy(scope, sql`c.owner_id`)} and s.kind = 'won'
        and ${inRange(sql`c.bucket`, range)}`

  const [wonDeals, lines, visits, inquiries] = await Promise.all([
    rows<{ n: unknown }>(
      db,
      counted
        ? sql`select coalesce(sum(c.n), 0) as n from ${countedWon('deal_close_counts')}`
        : sql`select count(*) as n from deals d join pipeline_stages s on s.id = d.stage_id where ${wonIn}`,
    ),
    rows<{ product_id: string; currency: string; revenue: unknown; units: unknown; deals: unknown }>(
      db,
      counted
        ? sql`select c.product_id, c.currency, sum(c.revenue) as revenue, sum(c.units) as units, sum(c.n) as deals
            from ${countedWon('deal_line_close_counts')} group by c.product_id, c.currency having sum(c.n) <> 0`
        : sql`select l.product_id, d.currency, sum(l.quantity * l.unit_price) as revenue, sum(l.quantity) as units, count(distinct d.id) as deals
            from deal_lines l join deals d on d.id = l.deal_id join pipeline_stages s on s.id = d.stage_id
            where ${wonIn} group by l.product_id, d.currency`,
    ),
    rows<{ product_id: string; n: unknown }>(
      db,
      sql`select v.product_id, count(*) as n from product_room_visits v
          where v.organization_id = ${scope.organizationId} and ${ownedBy(scope, sql`v.owner_id`)} and ${inRange(sql`v.visited_at`, range)}
          group by v.product_id`,
    ),
    rows<{ product_id: string; n: unknown; won: unknown }>(
      db,
      sql`select d.origin_product_id as product_id, count(*) as n, count(*) filter (where s.kind = 'won') as won
          from deals d join pipeline_stages s on s.id = d.stage_id
          where ${base} and d.origin_product_id is not null and ${inRange(sql`d.created_at`, range)}
          group by d.origin_product_id`,
    ),
  ])
  const ids = [...new Set([...lines, ...visits, ...inquiries].map((r) => r.product_id))]
  const names =
    ids.length === 0
      ? []
      : await rows<{ id: string; name: string }>(
          db,
          sql`select id, name from products where organization_id = ${scope.organizationId} and id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        )
  const won = num(wonDeals[0]?.n)
  const products = names.map(({ id, name }) => {
    const mine = lines.filter((l) => l.product_id === id)
    const dealCount = mine.reduce((t, l) => t + num(l.deals), 0)
    const inquiry = inquiries.find((r) => r.product_id === id)
    return {
      productId: id,
      name,
      revenue: money(
        mine.map((l) => ({ currency: l.currency, amount: num(l.revenue) })),
        rates,
      ),
      units: mine.reduce((t, l) => t + num(l.units), 0),
      deals: { count: dealCount, drill: dealsKey(asked, { kind: 'won', closed: [from, to], product: id }, 'closed') },
      attachRate: won === 0 ? null : dealCount / won,
      roomVisits: num(visits.find((v) => v.product_id === id)?.n),
      inquiries: { count: num(inquiry?.n), drill: dealsKey(asked, { originProduct: id, created: [from, to] }, 'created') },
      inquiriesWon: {
        count: num(inquiry?.won),
        drill: dealsKey(asked, { originProduct: id, created: [from, to], kind: 'won' }, 'created'),
      },
    }
  })
  products.sort((a, b) => b.deals.count - a.deals.count || b.inquiries.count - a.inquiries.count || a.name.localeCompare(b.name))
  return { wonDeals: won, products }
}
