import type { Text } from './en'

export const fr: Text = {
  signInWith: {
    or: 'ou',
    continueWith: 'Continuer avec {{name}}',
    errors: {
      oauth_state:
        'Cette connexion n’a pas pu être vérifiée : elle a été commencée dans un autre navigateur ou a pris trop de temps. Réessayez.',
      oauth_nonce: 'Cette connexion n’a pas pu être vérifiée : le fournisseur a répondu pour une autre tentative. Réessayez.',
      oauth_failed: 'Le fournisseur n’a pas terminé la connexion. Réessayez, ou connectez-vous avec votre mot de passe.',
      oauth_unavailable: 'Le fournisseur est injoignable pour le moment. Réessayez plus tard, ou connectez-vous avec votre mot de passe.',
      oauth_denied: 'Vous avez annulé la connexion chez le fournisseur.',
      email_unverified:
        'Le fournisseur n’a pas confirmé que cette adresse e-mail est la vôtre. Vérifiez-la chez lui, ou connectez-vous avec votre mot de passe.',
      account_deactivated: 'Ce compte a été désactivé. Adressez-vous à un administrateur de votre organisation.',
      invitation_invalid: 'Votre invitation a expiré. Demandez-en une nouvelle à un administrateur de votre organisation.',
      identity_taken: 'Ce compte chez le fournisseur connecte déjà un autre membre. Dissociez-le d’abord de ce membre.',
    },
  },
}
