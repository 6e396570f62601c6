import type { Text } from './en'

export const fr: Text = {
  blogPublic: {
    posts: 'Actualités et témoignages',
    postsText: 'Études de cas et notes de version de notre équipe.',
    by: 'Par {{name}}',
    back: 'Retour à {{title}}',
    poweredBy: 'Réalisé avec Closeroom',
  },
}
