import type { Text } from './en'

export const ar: Text = {
  blogPublic: {
    posts: 'أخبار وقصص',
    postsText: 'دراسات حالة وملاحظات إصدار من فريقنا.',
    by: 'بقلم {{name}}',
    back: 'العودة إلى {{title}}',
    poweredBy: 'صُنع باستخدام Closeroom',
  },
}
