import type { Text } from './en'

export const cn: Text = {
  insights: {
    kit: {
      chart: '图表',
      table: '表格',
      viewOf: '{{title}}：显示方式',
      csv: 'CSV',
      csvOf: '以 CSV 下载{{title}}',
      inCurrency: '{{label}}（{{currency}}）',
      convertedHeader: '{{label}}（换算为 {{currency}}）',
      showRecords: '查看{{label}}的记录',
      loading: '加载中',
      empty: '此期间没有数据。',
      period: '期间',
      from: '从',
      to: '至',
      presets: {
        thisWeek: '本周',
        thisMonth: '本月',
        lastMonth: '上月',
        thisQuarter: '本季度',
        last90: '最近 90 天',
        custom: '自定义日期',
      },
      compare: '与上一期间比较',
      comparedWith: '上一期间为 {{previous}}',
      unchanged: '持平',
      new: '新增',
      scope: '数据范围',
      scopes: { me: '我的', everyone: '所有人', teams: '团队', members: '成员' },
      converted: '合计 {{amount}}，已换算为 {{currency}}',
      missingRates: '（不含 {{currencies}}：无汇率）',
    },
  },
}
