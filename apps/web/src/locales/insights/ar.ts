import type { Text } from './en'

export const ar: Text = {
  insights: {
    kit: {
      chart: 'رسم بياني',
      table: 'جدول',
      viewOf: '{{title}}: طريقة العرض',
      csv: 'CSV',
      csvOf: 'تنزيل {{title}} بصيغة CSV',
      inCurrency: '{{label}} ({{currency}})',
      convertedHeader: '{{label}} (محوَّل إلى {{currency}})',
      showRecords: 'عرض السجلات وراء {{label}}',
      loading: 'جارٍ التحميل',
      empty: 'لا شيء في هذه الفترة.',
      period: 'الفترة',
      from: 'من',
      to: 'إلى',
      presets: {
        thisWeek: 'هذا الأسبوع',
        thisMonth: 'هذا الشهر',
        lastMonth: 'الشهر الماضي',
        thisQuarter: 'هذا الربع',
        last90: 'آخر 90 يومًا',
        custom: 'تواريخ مخصصة',
      },
      compare: 'المقارنة بالفترة السابقة',
      comparedWith: 'مقارنةً بـ {{previous}} في الفترة السابقة',
      unchanged: 'دون تغيير',
      new: 'جديد',
      scope: 'أرقام من',
      scopes: { me: 'أرقامي', everyone: 'الجميع', teams: 'الفرق', members: 'الأعضاء' },
      converted: 'المجموع {{amount}}، محوَّل إلى {{currency}}',
      missingRates: '(دون {{currencies}}: لا يوجد سعر صرف)',
    },
  },
}
