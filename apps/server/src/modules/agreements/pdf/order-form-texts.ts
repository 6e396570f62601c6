import type { Language } from '@closeroom/shared'

// The order form's own words in the app's five languages; everything else on it is the organization's and
// the deal's. Intl formats the amounts and dates.

export type OrderFormTexts = {
  title: string
  issued: (date: string) => string
  client: string
  deal: string
  pricesIn: (currency: string) => string
  item: string
  quantity: string
  unitPrice: string
  discount: string
  amount: string
  subtotal: string
  discounts: string
  tax: string
  total: string
  acceptance: string
  acceptanceNote: string
  signature: string
  name: string
  date: string
  page: (n: number, total: number) => string
}

export const ORDER_FORM_TEXTS: Record<Language, OrderFormTexts> = {
  en: {
    title: 'Order form',
    issued: (date) => `Issued: ${date}`,
    client: 'Prepared for',
    deal: 'Deal',
    pricesIn: (currency) => `Prices in ${currency}`,
    item: 'Item',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    discount: 'Discount',
    amount: 'Amount',
    subtotal: 'Subtotal',
    discounts: 'Discounts',
    tax: 'Tax',
    total: 'Total',
    acceptance: 'Acceptance',
    acceptanceNote: 'By signing, the client orders the items above at the prices shown.',
    signature: 'Signature',
    name: 'Name',
    date: 'Date',
    page: (n, total) => `Page ${n} of ${total}`,
  },
  fr: {
    title: 'Bon de commande',
    issued: (date) => `Émis le ${date}`,
    client: 'Préparé pour',
    deal: 'Affaire',
    pricesIn: (currency) => `Prix en ${currency}`,
    item: 'Article',
    quantity: 'Qté',
    unitPrice: 'Prix unitaire',
    discount: 'Remise',
    amount: 'Montant',
    subtotal: 'Sous-total',
    discounts: 'Remises',
    tax: 'Taxes',
    total: 'Total',
    acceptance: 'Acceptation',
    acceptanceNote: 'Par sa signature, le client commande les articles ci-dessus aux prix indiqués.',
    signature: 'Signature',
    name: 'Nom',
    date: 'Date',
    page: (n, total) => `Page ${n} sur ${total}`,
  },
  vi: {
    title: 'Đơn đặt hàng',
    issued: (date) => `Ngày lập: ${date}`,
    client: 'Gửi đến',
    deal: 'Giao dịch',
    pricesIn: (currency) => `Giá tính bằng ${currency}`,
    item: 'Sản phẩm',
    quantity: 'SL',
    unitPrice: 'Đơn giá',
    discount: 'Chiết khấu',
    amount: 'Thành tiền',
    subtotal: 'Tạm tính',
    discounts: 'Chiết khấu',
    tax: 'Thuế',
    total: 'Tổng cộng',
    acceptance: 'Xác nhận',
    acceptanceNote: 'Bằng việc ký tên, khách hàng đặt mua các sản phẩm trên với giá đã nêu.',
    signature: 'Chữ ký',
    name: 'Họ tên',
    date: 'Ngày',
    page: (n, total) => `Trang ${n}/${total}`,
  },
  cn: {
    title: '订单',
    issued: (date) => `开具日期：${date}`,
    client: '客户',
    deal: '交易',
    pricesIn: (currency) => `价格币种：${currency}`,
    item: '项目',
    quantity: '数量',
    unitPrice: '单价',
    discount: '折扣',
    amount: '金额',
    subtotal: '小计',
    discounts: '折扣',
    tax: '税费',
    total: '总计',
    acceptance: '确认',
    acceptanceNote: '客户签署即表示按上述价格订购以上项目。',
    signature: '签名',
    name: '姓名',
    date: '日期',
    page: (n, total) => `第 ${n} 页，共 ${total} 页`,
  },
  ar: {
    title: 'نموذج طلب',
    issued: (date) => `تاريخ الإصدار: ${date}`,
    client: 'العميل',
    deal: 'الصفقة',
    pricesIn: (currency) => `الأسعار بعملة ${currency}`,
    item: 'البند',
    quantity: 'الكمية',
    unitPrice: 'سعر الوحدة',
    discount: 'الخصم',
    amount: 'المبلغ',
    subtotal: 'المجموع الفرعي',
    discounts: 'الخصومات',
    tax: 'الضريبة',
    total: 'الإجمالي',
    acceptance: 'الموافقة',
    acceptanceNote: 'بالتوقيع، يطلب العميل البنود أعلاه بالأسعار المذكورة.',
    signature: 'التوقيع',
    name: 'الاسم',
    date: 'التاريخ',
    page: (n, total) => `صفحة ${n} من ${total}`,
  },
}

// Intl wants BCP 47 tags; the product's 'cn' is not one.
const INTL_TAGS: Record<Language, string> = { en: 'en', fr: 'fr', vi: 'vi', cn: 'zh-CN', ar: 'ar' }

/** How many decimals the currency has (JPY 0, EUR 2, KWD 3), as Intl knows it. */
function currencyDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
}

/** An amount in minor units, in the document's language and the deal's currency ("12 500,00 €"). */
export function formatMoney(minor: number, currency: string, language: Language): string {
  return new Intl.NumberFormat(INTL_TAGS[language], { style: 'currency', currency }).format(minor / 10 ** currencyDigits(currency))
}

export function formatQuantity(quantity: number, language: Language): string {
  return new Intl.NumberFormat(INTL_TAGS[language]).format(quantity)
}

/** A calendar day (2026-11-24) in the document's language, the same day wherever the server runs. */
export function formatDay(isoDate: string, language: Language): string {
  return new Intl.DateTimeFormat(INTL_TAGS[language], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`))
}
