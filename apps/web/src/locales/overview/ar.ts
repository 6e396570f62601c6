import type { Text } from './en'

export const ar: Text = {
  overview: {
    active: 'أشخاص لديهم وصول',
    invited: 'دعوات بانتظار القبول',
    teams: 'الفرق',
    signIns: 'عمليات تسجيل الدخول',
    signInsSeries: 'عمليات تسجيل الدخول',
    lastDays_zero: 'مؤسستك، اليوم',
    lastDays_one: 'مؤسستك، آخر يوم',
    lastDays_two: 'مؤسستك، آخر يومين',
    lastDays_few: 'مؤسستك، آخر {{count}} أيام',
    lastDays_many: 'مؤسستك، آخر {{count}} يومًا',
    lastDays_other: 'مؤسستك، آخر {{count}} يوم',
    roles: 'الأشخاص حسب الدور',
    rolesText: 'كل من يمكنه تسجيل الدخول أو تمت دعوته',
    yourTeams: 'الفرق',
  },
}
