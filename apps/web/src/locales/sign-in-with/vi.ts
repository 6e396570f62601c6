import type { Text } from './en'

export const vi: Text = {
  signInWith: {
    or: 'hoặc',
    continueWith: 'Tiếp tục với {{name}}',
    errors: {
      oauth_state: 'Không thể xác minh lần đăng nhập này: nó được bắt đầu trên trình duyệt khác hoặc mất quá nhiều thời gian. Hãy thử lại.',
      oauth_nonce: 'Không thể xác minh lần đăng nhập này: nhà cung cấp đã trả lời cho một lần thử khác. Hãy thử lại.',
      oauth_failed: 'Nhà cung cấp chưa hoàn tất việc đăng nhập. Hãy thử lại hoặc đăng nhập bằng mật khẩu.',
      oauth_unavailable: 'Hiện không thể kết nối tới nhà cung cấp. Hãy thử lại sau hoặc đăng nhập bằng mật khẩu.',
      oauth_denied: 'Bạn đã hủy đăng nhập tại nhà cung cấp.',
      email_unverified: 'Nhà cung cấp chưa xác nhận địa chỉ email này là của bạn. Hãy xác minh tại đó hoặc đăng nhập bằng mật khẩu.',
      account_deactivated: 'Tài khoản này đã bị vô hiệu hóa. Hãy liên hệ quản trị viên của tổ chức bạn.',
      invitation_invalid: 'Lời mời của bạn đã hết hạn. Hãy đề nghị quản trị viên của tổ chức gửi lời mời mới.',
      identity_taken: 'Tài khoản này tại nhà cung cấp đã dùng để đăng nhập cho một thành viên khác. Hãy hủy liên kết ở đó trước.',
    },
  },
}
