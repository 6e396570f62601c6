import type { Text } from './en'

export const fr: Text = {
  landing: {
    page: {
      bookCta: 'Prendre rendez-vous',
      productsCta: 'Voir nos produits',
      products: 'Produits',
      productsText: 'Ce que nous proposons, prix affichés.',
      seeProduct: 'Voir le produit',
      seeProductNamed: 'Voir le produit : {{name}}',
      book: 'Parlons-en',
      bookText: 'Choisissez une personne ou une équipe, puis le créneau qui vous convient.',
      bookMeeting: 'Prendre rendez-vous',
      bookWith: 'Prendre rendez-vous : {{name}}',
      team: 'Équipe',
      more: '+{{count}} autres',
      poweredBy: 'Réalisé avec Closeroom',
    },
  },
}
