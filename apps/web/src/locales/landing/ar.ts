import type { Text } from './en'

export const ar: Text = {
  landing: {
    page: {
      bookCta: 'احجز اجتماعًا',
      productsCta: 'اطّلع على منتجاتنا',
      products: 'المنتجات',
      productsText: 'ما نقدّمه، مع الأسعار بوضوح.',
      seeProduct: 'عرض المنتج',
      seeProductNamed: 'عرض المنتج: {{name}}',
      book: 'تحدّث إلينا',
      bookText: 'اختر شخصًا أو فريقًا، ثم الوقت الذي يناسبك.',
      bookMeeting: 'احجز اجتماعًا',
      bookWith: 'احجز اجتماعًا: {{name}}',
      team: 'فريق',
      more: '+{{count}} أخرى',
      poweredBy: 'صُنع باستخدام Closeroom',
    },
  },
}
