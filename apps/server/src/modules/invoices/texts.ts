import type { Language } from '@closeroom/shared'

// The invoice's own words (its PDF and its email) in the app's five languages, the buyer's chosen on the
// invoice; everything else on it is the organization's and the buyer's. Intl formats the amounts and dates.

export type InvoiceTexts = {
  title: string
  number: string
  issued: string
  due: string
  billTo: string
  from: string
  item: string
  quantity: string
  unitPrice: string
  discount: string
  tax: string
  amount: string
  subtotal: string
  total: string
  totalDue: string
  /** The total's label on a paid invoice, where nothing is due any more. */
  totalPaid: string
  notes: string
  paid: string
  void: string
  page: (n: number, total: number) => string
  email: (i: { buyerName: string; organizationName: string; number: string; total: string; due: string }) => {
    subject: string
    lines: string[]
    label: string
  }
}

export const INVOICE_TEXTS: Record<Language, InvoiceTexts> = {
  en: {
    title: 'Invoice',
    number: 'Invoice number',
    issued: 'Issue date',
    due: 'Due date',
    billTo: 'Bill to',
    from: 'From',
    item: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    discount: 'Discount',
    tax: 'Tax',
    amount: 'Amount',
    subtotal: 'Subtotal',
    total: 'Total',
    totalDue: 'Amount due',
    totalPaid: 'Amount paid',
    notes: 'Notes',
    paid: 'Paid',
    void: 'Void',
    page: (n, total) => `Page ${n} of ${total}`,
    email: ({ buyerName, organizationName, number, total, due }) => ({
      subject: `Invoice ${number} from ${organizationName}`,
      lines: [
        `Hi ${buyerName},`,
        `${organizationName} sent you invoice ${number} for ${total}, due on ${due}.`,
        'The invoice is attached as a PDF.',
      ],
      label: 'Download the invoice',
    }),
  },
  fr: {
    title: 'Facture',
    number: 'Numéro de facture',
    issued: 'Date d’émission',
    due: 'Échéance',
    billTo: 'Facturé à',
    from: 'De',
    item: 'Description',
    quantity: 'Qté',
    unitPrice: 'Prix unitaire',
    discount: 'Remise',
    tax: 'TVA',
    amount: 'Montant',
    subtotal: 'Sous-total',
    total: 'Total',
    totalDue: 'Montant dû',
    totalPaid: 'Montant payé',
    notes: 'Notes',
    paid: 'Payée',
    void: 'Annulée',
    page: (n, total) => `Page ${n} sur ${total}`,
    email: ({ buyerName, organizationName, number, total, due }) => ({
      subject: `Facture ${number} de ${organizationName}`,
      lines: [
        `Bonjour ${buyerName},`,
        `${organizationName} vous a envoyé la facture ${number} de ${total}, à régler au plus tard le ${due}.`,
        'La facture est jointe au format PDF.',
      ],
      label: 'Télécharger la facture',
    }),
  },
  vi: {
    title: 'Hóa đơn',
    number: 'Số hóa đơn',
    issued: 'Ngày lập',
    due: 'Hạn thanh toán',
    billTo: 'Gửi đến',
    from: 'Từ',
    item: 'Mô tả',
    quantity: 'SL',
    unitPrice: 'Đơn giá',
    discount: 'Giảm giá',
    tax: 'Thuế',
    amount: 'Thành tiền',
    subtotal: 'Tạm tính',
    total: 'Tổng cộng',
    totalDue: 'Số tiền phải trả',
    totalPaid: 'Số tiền đã trả',
    notes: 'Ghi chú',
    paid: 'Đã thanh toán',
    void: 'Đã hủy',
    page: (n, total) => `Trang ${n}/${total}`,
    email: ({ buyerName, organizationName, number, total, due }) => ({
      subject: `Hóa đơn ${number} từ ${organizationName}`,
      lines: [
        `Xin chào ${buyerName},`,
        `${organizationName} đã gửi cho bạn hóa đơn ${number} với số tiền ${total}, hạn thanh toán ${due}.`,
        'Hóa đơn được đính kèm dưới dạng PDF.',
      ],
      label: 'Tải hóa đơn',
    }),
  },
  cn: {
    title: '发票',
    number: '发票编号',
    issued: '开票日期',
    due: '到期日',
    billTo: '付款方',
    from: '开票方',
    item: '描述',
    quantity: '数量',
    unitPrice: '单价',
    discount: '折扣',
    tax: '税',
    amount: '金额',
    subtotal: '小计',
    total: '合计',
    totalDue: '应付金额',
    totalPaid: '已付金额',
    notes: '备注',
    paid: '已付款',
    void: '已作废',
    page: (n, total) => `第 ${n} 页，共 ${total} 页`,
    email: ({ buyerName, organizationName, number, total, due }) => ({
      subject: `${organizationName} 的发票 ${number}`,
      lines: [
        `${buyerName}，您好：`,
        `${organizationName} 向您发送了发票 ${number}，金额 ${total}，请于 ${due} 前付款。`,
        '发票以 PDF 附件形式附上。',
      ],
      label: '下载发票',
    }),
  },
  ar: {
    title: 'فاتورة',
    number: 'رقم الفاتورة',
    issued: 'تاريخ الإصدار',
    due: 'تاريخ الاستحقاق',
    billTo: 'فاتورة إلى',
    from: 'من',
    item: 'الوصف',
    quantity: 'الكمية',
    unitPrice: 'سعر الوحدة',
    discount: 'الخصم',
    tax: 'الضريبة',
    amount: 'المبلغ',
    subtotal: 'المجموع الفرعي',
    total: 'الإجمالي',
    totalDue: 'المبلغ المستحق',
    totalPaid: 'المبلغ المدفوع',
    notes: 'ملاحظات',
    paid: 'مدفوعة',
    void: 'ملغاة',
    page: (n, total) => `الصفحة ${n} من ${total}`,
    email: ({ buyerName, organizationName, number, total, due }) => ({
      subject: `الفاتورة ${number} من ${organizationName}`,
      lines: [
        `مرحبًا ${buyerName}،`,
        `أرسلت لك ${organizationName} الفاتورة ${number} بمبلغ ${total}، المستحقة في ${due}.`,
        'الفاتورة مرفقة بصيغة PDF.',
      ],
      label: 'تنزيل الفاتورة',
    }),
  },
}

// Intl wants BCP 47 tags; the product's 'cn' is not one.
const INTL_TAGS: Record<Language, string> = { en: 'en', fr: 'fr', vi: 'vi', cn: 'zh-CN', ar: 'ar' }

export function formatMoney(minor: number, currency: string, exponent: number, language: Language): string {
  return new Intl.NumberFormat(INTL_TAGS[language], { style: 'currency', currency }).format(minor / 10 ** exponent)
}

export function formatNumber(value: number, language: Language, maximumFractionDigits = 3): string {
  return new Intl.NumberFormat(INTL_TAGS[language], { maximumFractionDigits }).format(value)
}

/** A calendar day (2026-11-24) in the reader's language, the same day wherever the server runs. */
export function formatDay(isoDate: string, language: Language): string {
  return new Intl.DateTimeFormat(INTL_TAGS[language], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`))
}
