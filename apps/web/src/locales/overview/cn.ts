import type { Text } from './en'

export const cn: Text = {
  overview: {
    active: '有访问权限的人',
    invited: '待接受的邀请',
    teams: '团队',
    signIns: '登录次数',
    signInsSeries: '登录次数',
    lastDays_other: '您的组织，最近 {{count}} 天',
    roles: '按角色统计人员',
    rolesText: '所有可以登录或已受邀的人',
    yourTeams: '团队',
  },
}
