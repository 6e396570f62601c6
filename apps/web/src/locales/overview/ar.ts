import type { Text } from './en'

export const ar: Text = {
  overview: {
    active: 'أشخاص لديهم وصول',
    invited: 'دعوات بانتظار القبول',
    teams: 'الفرق',
    signIns: 'عمليات تسجيل الدخول',
    signInsSeries: 'عمليات تسجيل الدخول',
    lastDays: 'مؤسستك، آخر {{count}} يومًا',
    roles: 'الأشخاص حسب الدور',
    rolesText: 'كل من يمكنه تسجيل الدخول أو تمت دعوته',
    yourTeams: 'الفرق',
  },
}
