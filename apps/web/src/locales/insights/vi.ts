import type { Text } from './en'

export const vi: Text = {
  insights: {
    kit: {
      chart: 'Biểu đồ',
      table: 'Bảng',
      viewOf: '{{title}}: cách xem',
      csv: 'CSV',
      csvOf: 'Tải {{title}} dạng CSV',
      inCurrency: '{{label}} ({{currency}})',
      convertedHeader: '{{label}} (quy đổi sang {{currency}})',
      showRecords: 'Xem các bản ghi của {{label}}',
      loading: 'Đang tải',
      empty: 'Không có gì trong khoảng thời gian này.',
      period: 'Khoảng thời gian',
      from: 'Từ',
      to: 'Đến',
      presets: {
        thisWeek: 'Tuần này',
        thisMonth: 'Tháng này',
        lastMonth: 'Tháng trước',
        thisQuarter: 'Quý này',
        last90: '90 ngày qua',
        custom: 'Ngày tùy chọn',
      },
      compare: 'So sánh với kỳ trước',
      comparedWith: 'so với {{previous}} kỳ trước',
      unchanged: 'không đổi',
      new: 'mới',
      scope: 'Số liệu của',
      scopes: { me: 'Của tôi', everyone: 'Mọi người', teams: 'Nhóm', members: 'Thành viên' },
      converted: 'Tổng {{amount}}, quy đổi sang {{currency}}',
      missingRates: '(không gồm {{currencies}}: chưa có tỷ giá)',
    },
  },
}
