import type { Text } from './en'

export const vi: Text = {
  blogPublic: {
    posts: 'Tin tức và câu chuyện',
    postsText: 'Câu chuyện khách hàng và ghi chú phát hành từ đội ngũ của chúng tôi.',
    by: 'Bởi {{name}}',
    back: 'Quay lại {{title}}',
    poweredBy: 'Tạo bằng Closeroom',
  },
}
