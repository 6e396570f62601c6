/** The most pages an agreement may have: every page is rendered in the editor and flattened at the seal. */
export const AGREEMENT_MAX_PAGES = 100
