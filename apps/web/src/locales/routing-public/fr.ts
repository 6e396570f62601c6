import type { Text } from './en'

export const fr: Text = {
  routingPublic: {
    requiredNote: 'Les champs marqués d’un * sont obligatoires.',
    chooseAny: 'Choisissez toutes les réponses qui conviennent',
    submit: 'Continuer',
    messageTitle: 'Merci',
    startOver: 'Répondre à nouveau',
    badLink: 'La page suivante n’a pas pu s’ouvrir. Contactez-nous par un autre moyen.',
    embedText: 'Répondez à quelques questions et nous vous mettrons en relation avec la bonne personne.',
  },
}
