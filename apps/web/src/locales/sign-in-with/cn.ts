import type { Text } from './en'

export const cn: Text = {
  signInWith: {
    or: '或',
    continueWith: '使用 {{name}} 继续',
    errors: {
      oauth_state: '无法验证此次登录：它是在另一个浏览器中开始的，或耗时过长。请重试。',
      oauth_nonce: '无法验证此次登录：服务商的答复属于另一次尝试。请重试。',
      oauth_failed: '服务商未完成登录。请重试，或使用密码登录。',
      oauth_unavailable: '暂时无法连接服务商。请稍后重试，或使用密码登录。',
      oauth_denied: '您已在服务商处取消登录。',
      email_unverified: '服务商尚未确认此邮箱地址属于您。请先在服务商处验证，或使用密码登录。',
      account_deactivated: '此账户已被停用。请联系您所在组织的管理员。',
      invitation_invalid: '您的邀请已过期。请向您所在组织的管理员索取新的邀请。',
      identity_taken: '该服务商账户已用于另一位成员的登录。请先在那里取消关联。',
    },
  },
}
