import type { Text } from './en'

export const vi: Text = {
  routingPublic: {
    requiredNote: 'Các trường có dấu * là bắt buộc.',
    chooseAny: 'Chọn tất cả các mục phù hợp',
    submit: 'Tiếp tục',
    messageTitle: 'Cảm ơn bạn',
    startOver: 'Trả lời lại',
    badLink: 'Không thể mở trang tiếp theo. Vui lòng liên hệ với chúng tôi bằng cách khác.',
    embedText: 'Trả lời vài câu hỏi và chúng tôi sẽ đưa bạn đến đúng người.',
  },
}
