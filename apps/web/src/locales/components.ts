// The component gallery at /components.

const en = {}

type Text = typeof en

const fr: Text = {}
const vi: Text = {}
const cn: Text = {}
const ar: Text = {}

export const components = { en, fr, vi, cn, ar }
