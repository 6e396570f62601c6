// The text of every email the product sends. Values are escaped before they go into HTML: a name is user content.

type Message = { subject: string; text: string; html: string }

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

export function layout(paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('')
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#00a76f;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>`
    : ''
  return `<div style="font-family:'Public Sans',Arial,sans-serif;font-size:15px;color:#1c252e;max-width:520px">${body}${button}<p style="color:#637381;font-size:13px">Closeroom</p></div>`
}

export function verifyEmail(name: string, code: string, url: string): Message {
  const lines = [`Hi ${name},`, `Your Closeroom verification code is ${code}. It expires in 30 minutes.`]
  return {
    subject: `${code} is your Closeroom verification code`,
    text: `${lines.join('\n\n')}\n\nOr open ${url}\n`,
    html: layout(lines, { label: 'Verify my email', url }),
  }
}

export function resetPassword(name: string, url: string): Message {
  const lines = [
    `Hi ${name},`,
    'Someone asked to reset the password of your Closeroom account. The link works once, for one hour.',
    'If it was not you, ignore this email: your password stays as it is.',
  ]
  return {
    subject: 'Reset your Closeroom password',
    text: `${lines.join('\n\n')}\n\n${url}\n`,
    html: layout(lines, { label: 'Choose a new password', url }),
  }
}

export function welcome(code: string, setPasswordUrl: string): Message {
  const lines = [
    'Welcome to Closeroom!',
    `Your verification code is ${code}.`,
    'Choose a password so you can sign in from any device (the link works for 3 days).',
  ]
  return {
    subject: 'Welcome to Closeroom',
    text: `${lines.join('\n\n')}\n\n${setPasswordUrl}\n`,
    html: layout(lines, { label: 'Choose my password', url: setPasswordUrl }),
  }
}

export function invitation(inviterName: string, organizationName: string, url: string): Message {
  const lines = [`${inviterName} invited you to join ${organizationName} on Closeroom.`, 'The invitation is valid for 7 days.']
  return {
    subject: `${inviterName} invited you to ${organizationName} on Closeroom`,
    text: `${lines.join('\n\n')}\n\n${url}\n`,
    html: layout(lines, { label: 'Accept the invitation', url }),
  }
}
