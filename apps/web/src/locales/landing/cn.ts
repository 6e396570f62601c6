import type { Text } from './en'

export const cn: Text = {
  landing: {
    page: {
      bookCta: '预约会议',
      productsCta: '查看我们的产品',
      products: '产品',
      productsText: '我们提供的产品，价格一目了然。',
      seeProduct: '查看产品',
      seeProductNamed: '查看产品：{{name}}',
      book: '与我们交流',
      bookText: '选择一位成员或一个团队，再挑一个合适的时间。',
      bookMeeting: '预约会议',
      bookWith: '预约会议：{{name}}',
      team: '团队',
      more: '另外 {{count}} 个',
      poweredBy: '由 Closeroom 提供支持',
    },
  },
}
