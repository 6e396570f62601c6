// The dashboards (/, /analytics, /booking, /ecommerce, /banking) and their chart kit.

import type { Translation } from '../plurals'

export const en = {
  insights: {
    kit: {
      chart: 'Chart',
      table: 'Table',
      viewOf: '{{title}}: view',
      csv: 'CSV',
      csvOf: 'Download {{title}} as CSV',
      currencyOf: '{{label}} (currency)',
      showRecords: 'Show the records behind {{label}}',
      loading: 'Loading',
      empty: 'Nothing in this period.',
      period: 'Period',
      from: 'From',
      to: 'To',
      presets: {
        thisWeek: 'This week',
        thisMonth: 'This month',
        lastMonth: 'Last month',
        thisQuarter: 'This quarter',
        last90: 'Last 90 days',
        custom: 'Custom dates',
      },
      compare: 'Compare with the previous period',
      comparedWith: 'compared with {{previous}} in the previous period',
      unchanged: 'unchanged',
      new: 'new',
      scope: 'Whose figures',
      scopes: { me: 'Mine', everyone: 'Everyone', teams: 'Teams', members: 'Members' },
      converted: '{{amount}} in all, converted to {{currency}}',
    },
  },
}

export type Text = Translation<typeof en>
