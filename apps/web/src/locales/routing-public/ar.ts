import type { Text } from './en'

export const ar: Text = {
  routingPublic: {
    requiredNote: 'الحقول المعلّمة بـ * مطلوبة.',
    chooseAny: 'اختر كل ما ينطبق',
    submit: 'متابعة',
    messageTitle: 'شكرًا لك',
    startOver: 'الإجابة مرة أخرى',
    badLink: 'تعذّر فتح الصفحة التالية. يُرجى التواصل معنا بطريقة أخرى.',
    embedText: 'أجب عن بعض الأسئلة وسنوصلك بالشخص المناسب.',
  },
}
