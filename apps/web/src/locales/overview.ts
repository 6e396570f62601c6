// The home page's overview of the organization.

const en = {
  overview: {
    active: 'People with access',
    invited: 'Invitations waiting',
    teams: 'Teams',
    signIns: 'Sign-ins',
    signInsSeries: 'Sign-ins',
    lastDays: 'Your organization, the last {{count}} days',
    roles: 'People by role',
    rolesText: 'Everyone who can sign in or is invited',
    yourTeams: 'Teams',
  },
}

type Text = typeof en

const fr: Text = {
  overview: {
    active: 'Personnes ayant accès',
    invited: 'Invitations en attente',
    teams: 'Équipes',
    signIns: 'Connexions',
    signInsSeries: 'Connexions',
    lastDays: 'Votre organisation, ces {{count}} derniers jours',
    roles: 'Personnes par rôle',
    rolesText: 'Toutes les personnes qui peuvent se connecter ou sont invitées',
    yourTeams: 'Équipes',
  },
}

const vi: Text = {
  overview: {
    active: 'Người có quyền truy cập',
    invited: 'Lời mời đang chờ',
    teams: 'Nhóm',
    signIns: 'Lượt đăng nhập',
    signInsSeries: 'Lượt đăng nhập',
    lastDays: 'Tổ chức của bạn, {{count}} ngày qua',
    roles: 'Người theo vai trò',
    rolesText: 'Mọi người có thể đăng nhập hoặc đã được mời',
    yourTeams: 'Nhóm',
  },
}

const cn: Text = {
  overview: {
    active: '有访问权限的人',
    invited: '待接受的邀请',
    teams: '团队',
    signIns: '登录次数',
    signInsSeries: '登录次数',
    lastDays: '您的组织，最近 {{count}} 天',
    roles: '按角色统计人员',
    rolesText: '所有可以登录或已受邀的人',
    yourTeams: '团队',
  },
}

const ar: Text = {
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

export const overview = { en, fr, vi, cn, ar }
