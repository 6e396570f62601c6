// Personal settings (/settings/*) and the organization's admin settings (/admin-settings/*).

const en = {}

type Text = typeof en

const fr: Text = {}
const vi: Text = {}
const cn: Text = {}
const ar: Text = {}

export const settings = { en, fr, vi, cn, ar }
