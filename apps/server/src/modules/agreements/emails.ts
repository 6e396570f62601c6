import type { Language, RecipientRole } from '@closeroom/shared'
import { layout } from '../mail/module.ts'

// The emails of an agreement's life, in the language of whoever reads them: a recipient's own (chosen by the
// sender, the sender's by default), the sender's for what goes to the sender. Names and titles are user content
// and the layout escapes them.

type Message = { subject: string; text: string; html: string }
type Parts = { subject: string; lines: string[]; label: string }

const message = (language: Language, { subject, lines, label }: Parts, url: string): Message => {
  const html = layout(lines, { label, url })
  return {
    subject: subject.replace(/[\r\n]+/g, ' '),
    text: `${lines.join('\n\n')}\n\n${label}: ${url}\n`,
    html:
      language === 'ar'
        ? `<div dir="rtl" lang="ar">${html}</div>`
        : `<div lang="${language === 'cn' ? 'zh-Hans' : language}">${html}</div>`,
  }
}

type Invite = { recipientName: string; role: RecipientRole; senderName: string; organizationName: string; title: string; url: string }
type Completed = { recipientName: string; title: string; url: string }
type Voided = { recipientName: string; title: string; senderName: string; reason: string; url: string }
type Declined = { senderName: string; recipientName: string; title: string; reason: string; url: string }

type Texts = {
  invitation: (i: Invite) => Parts
  reminder: (i: Invite) => Parts
  completed: (c: Completed) => Parts
  voided: (v: Voided) => Parts
  declined: (d: Declined) => Parts
}

/** Per role: what the recipient is asked to do (after "sent you … "), and the button. */
type Asks = Record<RecipientRole, { verb: string; label: string }>

const EN_ASKS: Asks = {
  signer: { verb: 'to sign', label: 'Review and sign' },
  approver: { verb: 'to approve', label: 'Review and approve' },
  viewer: { verb: 'to read', label: 'Read the agreement' },
  cc: { verb: 'for your records', label: 'Open the agreement' },
}
const FR_ASKS: Asks = {
  signer: { verb: 'à signer', label: 'Lire et signer' },
  approver: { verb: 'à approuver', label: 'Lire et approuver' },
  viewer: { verb: 'à lire', label: 'Lire l’accord' },
  cc: { verb: 'pour vos dossiers', label: 'Ouvrir l’accord' },
}
const VI_ASKS: Asks = {
  signer: { verb: 'để ký', label: 'Xem và ký' },
  approver: { verb: 'để phê duyệt', label: 'Xem và phê duyệt' },
  viewer: { verb: 'để đọc', label: 'Đọc thỏa thuận' },
  cc: { verb: 'để lưu hồ sơ', label: 'Mở thỏa thuận' },
}
const CN_ASKS: Asks = {
  signer: { verb: '签署', label: '查看并签署' },
  approver: { verb: '审批', label: '查看并审批' },
  viewer: { verb: '阅读', label: '阅读协议' },
  cc: { verb: '存档', label: '打开协议' },
}
const AR_ASKS: Asks = {
  signer: { verb: 'للتوقيع', label: 'المراجعة والتوقيع' },
  approver: { verb: 'للموافقة', label: 'المراجعة والموافقة' },
  viewer: { verb: 'للاطلاع', label: 'قراءة الاتفاقية' },
  cc: { verb: 'للاحتفاظ بها في سجلاتك', label: 'فتح الاتفاقية' },
}

export const AGREEMENT_EMAIL_TEXTS: Record<Language, Texts> = {
  en: {
    invitation: ({ recipientName, role, senderName, organizationName, title }) => ({
      subject: `${senderName} sent you ${title} ${EN_ASKS[role].verb}`,
      lines: [
        `Hi ${recipientName},`,
        `${senderName} of ${organizationName} sent you “${title}” ${EN_ASKS[role].verb}.`,
        'The link is yours alone: do not forward it.',
      ],
      label: EN_ASKS[role].label,
    }),
    reminder: ({ recipientName, role, senderName, organizationName, title }) => ({
      subject: `Reminder: ${title} is waiting for you`,
      lines: [
        `Hi ${recipientName},`,
        `“${title}” from ${senderName} of ${organizationName} is still waiting for you ${EN_ASKS[role].verb}.`,
      ],
      label: EN_ASKS[role].label,
    }),
    completed: ({ recipientName, title }) => ({
      subject: `${title} is signed by everyone`,
      lines: [`Hi ${recipientName},`, `Everyone has signed “${title}”. Your copy, sealed with a digital signature, is at your link.`],
      label: 'Download the signed copy',
    }),
    voided: ({ recipientName, title, senderName, reason }) => ({
      subject: `${title} was called off`,
      lines: [
        `Hi ${recipientName},`,
        `${senderName} voided “${title}”: there is nothing more to sign.`,
        ...(reason ? [`Reason: ${reason}`] : []),
      ],
      label: 'See the agreement',
    }),
    declined: ({ senderName, recipientName, title, reason }) => ({
      subject: `${recipientName} declined ${title}`,
      lines: [`Hi ${senderName},`, `${recipientName} declined “${title}”.`, `Reason: ${reason}`],
      label: 'Open the agreement',
    }),
  },
  fr: {
    invitation: ({ recipientName, role, senderName, organizationName, title }) => ({
      subject: `${senderName} vous a envoyé ${title} ${FR_ASKS[role].verb}`,
      lines: [
        `Bonjour ${recipientName},`,
        `${senderName} de ${organizationName} vous a envoyé « ${title} » ${FR_ASKS[role].verb}.`,
        'Ce lien est le vôtre seul : ne le transférez pas.',
      ],
      label: FR_ASKS[role].label,
    }),
    reminder: ({ recipientName, role, senderName, organizationName, title }) => ({
      subject: `Rappel : ${title} vous attend`,
      lines: [
        `Bonjour ${recipientName},`,
        `« ${title} », envoyé par ${senderName} de ${organizationName}, vous attend toujours ${FR_ASKS[role].verb}.`,
      ],
      label: FR_ASKS[role].label,
    }),
    completed: ({ recipientName, title }) => ({
      subject: `${title} est signé par tous`,
      lines: [
        `Bonjour ${recipientName},`,
        `Tout le monde a signé « ${title} ». Votre exemplaire, scellé par une signature numérique, vous attend à votre lien.`,
      ],
      label: 'Télécharger l’exemplaire signé',
    }),
    voided: ({ recipientName, title, senderName, reason }) => ({
      subject: `${title} a été annulé`,
      lines: [
        `Bonjour ${recipientName},`,
        `${senderName} a annulé « ${title} » : il n’y a plus rien à signer.`,
        ...(reason ? [`Motif : ${reason}`] : []),
      ],
      label: 'Voir l’accord',
    }),
    declined: ({ senderName, recipientName, title, reason }) => ({
      subject: `${recipientName} a refusé ${title}`,
      lines: [`Bonjour ${senderName},`, `${recipientName} a refusé « ${title} ».`, `Motif : ${reason}`],
      label: 'Ouvrir l’accord',
    }),
  },
  vi: {
    invitation: ({ recipientName, role, senderName, organizationName, title }) => ({
      subject: `${senderName} đã gửi cho bạn ${title} ${VI_ASKS[role].verb}`,
      lines: [
        `Xin chào ${recipientName},`,
        `${senderName} của ${organizationName} đã gửi cho bạn “${title}” ${VI_ASKS[role].verb}.`,
        'Đường liên kết này chỉ dành riêng cho bạn: đừng chuyển tiếp nó.',
      ],
      label: VI_ASKS[role].label,
    }),
    reminder: ({ recipientName, role, senderName, organizationName, title }) => ({
      subject: `Nhắc nhở: ${title} đang chờ bạn`,
      lines: [`Xin chào ${recipientName},`, `“${title}” từ ${senderName} của ${organizationName} vẫn đang chờ bạn, ${VI_ASKS[role].verb}.`],
      label: VI_ASKS[role].label,
    }),
    completed: ({ recipientName, title }) => ({
      subject: `${title} đã được tất cả mọi người ký`,
      lines: [
        `Xin chào ${recipientName},`,
        `Tất cả mọi người đã ký “${title}”. Bản của bạn, được niêm phong bằng chữ ký số, có tại đường liên kết của bạn.`,
      ],
      label: 'Tải bản đã ký',
    }),
    voided: ({ recipientName, title, senderName, reason }) => ({
      subject: `${title} đã bị hủy`,
      lines: [
        `Xin chào ${recipientName},`,
        `${senderName} đã hủy “${title}”: không còn gì để ký nữa.`,
        ...(reason ? [`Lý do: ${reason}`] : []),
      ],
      label: 'Xem thỏa thuận',
    }),
    declined: ({ senderName, recipientName, title, reason }) => ({
      subject: `${recipientName} đã từ chối ${title}`,
      lines: [`Xin chào ${senderName},`, `${recipientName} đã từ chối “${title}”.`, `Lý do: ${reason}`],
      label: 'Mở thỏa thuận',
    }),
  },
  cn: {
    invitation: ({ recipientName, role, senderName, organizationName, title }) => ({
      subject: `${senderName} 向您发送了“${title}”，请${CN_ASKS[role].verb}`,
      lines: [
        `${recipientName}，您好：`,
        `${organizationName} 的 ${senderName} 向您发送了“${title}”，请${CN_ASKS[role].verb}。`,
        '此链接仅供您本人使用，请勿转发。',
      ],
      label: CN_ASKS[role].label,
    }),
    reminder: ({ recipientName, role, senderName, organizationName, title }) => ({
      subject: `提醒：“${title}”正在等待您`,
      lines: [`${recipientName}，您好：`, `${organizationName} 的 ${senderName} 发送的“${title}”仍在等待您${CN_ASKS[role].verb}。`],
      label: CN_ASKS[role].label,
    }),
    completed: ({ recipientName, title }) => ({
      subject: `“${title}”已由所有人签署`,
      lines: [`${recipientName}，您好：`, `所有人均已签署“${title}”。您的副本已加盖数字签名，可通过您的链接获取。`],
      label: '下载已签署的副本',
    }),
    voided: ({ recipientName, title, senderName, reason }) => ({
      subject: `“${title}”已被作废`,
      lines: [`${recipientName}，您好：`, `${senderName} 已作废“${title}”，无需再签署。`, ...(reason ? [`原因：${reason}`] : [])],
      label: '查看协议',
    }),
    declined: ({ senderName, recipientName, title, reason }) => ({
      subject: `${recipientName} 拒绝了“${title}”`,
      lines: [`${senderName}，您好：`, `${recipientName} 拒绝签署“${title}”。`, `原因：${reason}`],
      label: '打开协议',
    }),
  },
  ar: {
    invitation: ({ recipientName, role, senderName, organizationName, title }) => ({
      subject: `أرسل إليك ${senderName} ${title} ${AR_ASKS[role].verb}`,
      lines: [
        `مرحبًا ${recipientName}،`,
        `أرسل إليك ${senderName} من ${organizationName} «${title}» ${AR_ASKS[role].verb}.`,
        'هذا الرابط خاص بك وحدك: لا تُعِد توجيهه.',
      ],
      label: AR_ASKS[role].label,
    }),
    reminder: ({ recipientName, role, senderName, organizationName, title }) => ({
      subject: `تذكير: ${title} بانتظارك`,
      lines: [`مرحبًا ${recipientName}،`, `لا تزال «${title}» من ${senderName} من ${organizationName} بانتظارك ${AR_ASKS[role].verb}.`],
      label: AR_ASKS[role].label,
    }),
    completed: ({ recipientName, title }) => ({
      subject: `وقّع الجميع على ${title}`,
      lines: [`مرحبًا ${recipientName}،`, `وقّع الجميع على «${title}». نسختك، المختومة بتوقيع رقمي، متاحة عبر رابطك.`],
      label: 'تنزيل النسخة الموقّعة',
    }),
    voided: ({ recipientName, title, senderName, reason }) => ({
      subject: `أُلغيت ${title}`,
      lines: [`مرحبًا ${recipientName}،`, `ألغى ${senderName} «${title}»: لم يعد هناك ما يُوقَّع.`, ...(reason ? [`السبب: ${reason}`] : [])],
      label: 'عرض الاتفاقية',
    }),
    declined: ({ senderName, recipientName, title, reason }) => ({
      subject: `رفض ${recipientName} ${title}`,
      lines: [`مرحبًا ${senderName}،`, `رفض ${recipientName} «${title}».`, `السبب: ${reason}`],
      label: 'فتح الاتفاقية',
    }),
  },
}

export const invitationEmail = (language: Language, invite: Invite) =>
  message(language, AGREEMENT_EMAIL_TEXTS[language].invitation(invite), invite.url)
export const reminderEmail = (language: Language, invite: Invite) =>
  message(language, AGREEMENT_EMAIL_TEXTS[language].reminder(invite), invite.url)
export const completedEmail = (language: Language, c: Completed) => message(language, AGREEMENT_EMAIL_TEXTS[language].completed(c), c.url)
export const voidedEmail = (language: Language, v: Voided) => message(language, AGREEMENT_EMAIL_TEXTS[language].voided(v), v.url)
export const declinedEmail = (language: Language, d: Declined) => message(language, AGREEMENT_EMAIL_TEXTS[language].declined(d), d.url)
