import type { Text } from './en'

export const vi: Text = {
  overview: {
    active: 'Người có quyền truy cập',
    invited: 'Lời mời đang chờ',
    teams: 'Nhóm',
    signIns: 'Lượt đăng nhập',
    signInsSeries: 'Lượt đăng nhập',
    lastDays_other: 'Tổ chức của bạn, {{count}} ngày qua',
    roles: 'Người theo vai trò',
    rolesText: 'Mọi người có thể đăng nhập hoặc đã được mời',
    yourTeams: 'Nhóm',
  },
}
