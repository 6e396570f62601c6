import type { Text } from './en'

export const fr: Text = {
  overview: {
    active: 'Personnes ayant accès',
    invited: 'Invitations en attente',
    teams: 'Équipes',
    signIns: 'Connexions',
    signInsSeries: 'Connexions',
    lastDays_one: 'Votre organisation, le dernier jour',
    lastDays_other: 'Votre organisation, ces {{count}} derniers jours',
    roles: 'Personnes par rôle',
    rolesText: 'Toutes les personnes qui peuvent se connecter ou sont invitées',
    yourTeams: 'Équipes',
  },
}
