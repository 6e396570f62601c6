import type { Text } from './en'

export const cn: Text = {
  blogPublic: {
    posts: '动态与案例',
    postsText: '来自我们团队的客户案例和版本说明。',
    by: '作者：{{name}}',
    back: '返回 {{title}}',
    poweredBy: '由 Closeroom 提供支持',
  },
}
