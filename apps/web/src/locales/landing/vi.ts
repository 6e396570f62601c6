import type { Text } from './en'

export const vi: Text = {
  landing: {
    page: {
      bookCta: 'Đặt lịch hẹn',
      productsCta: 'Xem sản phẩm',
      products: 'Sản phẩm',
      productsText: 'Những gì chúng tôi cung cấp, giá niêm yết rõ ràng.',
      seeProduct: 'Xem sản phẩm',
      seeProductNamed: 'Xem sản phẩm: {{name}}',
      book: 'Trò chuyện với chúng tôi',
      bookText: 'Chọn một người hoặc một nhóm và chọn thời gian phù hợp với bạn.',
      bookMeeting: 'Đặt lịch hẹn',
      bookWith: 'Đặt lịch hẹn: {{name}}',
      team: 'Nhóm',
      more: '+{{count}} khác',
      poweredBy: 'Tạo bằng Closeroom',
    },
  },
}
