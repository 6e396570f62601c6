// General pages: pricing, payment, about, contact, FAQ, coming soon and maintenance.

const en = {}

type Text = typeof en

const fr: Text = {}
const vi: Text = {}
const cn: Text = {}
const ar: Text = {}

export const general = { en, fr, vi, cn, ar }
