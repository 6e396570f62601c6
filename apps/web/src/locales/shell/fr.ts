import type { Text } from './en'

export const fr: Text = {
  nav: {
    label: 'Menu principal',
    sections: { sales: 'Ventes', management: 'Gestion' },
    items: {
      overview: 'Vue d’ensemble',
      deals: 'Affaires',
      kanban: 'Pipeline',
      products: 'Produits',
      calendar: 'Calendrier',
      recordings: 'Enregistrements',
      agreements: 'Contrats',
      routings: 'Routage',
      files: 'Fichiers',
      users: 'Utilisateurs',
      teams: 'Équipes',
      settings: 'Paramètres',
      adminSettings: 'Administration',
    },
  },
  header: { account: 'Votre compte', openMenu: 'Ouvrir le menu' },
  settings: {
    title: 'Apparence',
    open: 'Paramètres d’apparence',
    close: 'Fermer',
    reset: 'Rétablir les valeurs par défaut',
    mode: 'Mode',
    modes: { light: 'Clair', dark: 'Sombre', system: 'Comme le système' },
    contrast: 'Contraste',
    direction: 'Sens',
    layout: 'Menu',
    presets: 'Couleur',
    presetNames: { default: 'Vert', cyan: 'Cyan', purple: 'Violet', blue: 'Bleu', orange: 'Orange', red: 'Rouge' },
    stretch: 'Pleine largeur',
    values: {
      default: 'Normal',
      bold: 'Renforcé',
      ltr: 'De gauche à droite',
      rtl: 'De droite à gauche',
      vertical: 'Complet',
      mini: 'Compact',
    },
  },
  empty: {
    soon: 'Bientôt dans Closeroom',
    deals: {
      title: 'Affaires',
      text: 'Votre pipeline vivra ici : chaque affaire avec ses contacts, son montant, son étape et son activité.',
    },
    kanban: {
      title: 'Pipeline',
      text: 'Faites glisser les affaires d’une étape à l’autre et voyez le total de chaque colonne, en direct avec votre équipe.',
    },
    products: {
      title: 'Produits',
      text: 'Décrivez ce que vous vendez, avec prix et médias, et donnez à chaque produit sa salle de vente.',
    },
    calendar: { title: 'Calendrier', text: 'Vos rendez-vous, avec les réservations des acheteurs qui apparaissent en direct.' },
    recordings: {
      title: 'Enregistrements',
      text: 'Les appels enregistrés sont conservés ici, prêts à être revus, commentés et partagés avec les acheteurs.',
    },
    agreements: { title: 'Contrats', text: 'Envoyez des contrats à signer et suivez-les jusqu’à la signature.' },
    routings: { title: 'Routage', text: 'Envoyez chaque prospect entrant au bon vendeur grâce aux formulaires de routage.' },
    files: { title: 'Fichiers', text: 'Les documents partagés dans les salles de vente et les affaires, au même endroit.' },
    users: { title: 'Utilisateurs', text: 'Invitez vos collègues et gérez leurs rôles.' },
    teams: { title: 'Équipes', text: 'Regroupez les vendeurs en équipes pour la réservation tournante et le routage.' },
    calendarSettings: {
      title: 'Agenda',
      text: 'Vos horaires de la semaine, votre fuseau horaire et vos jours d’absence décident des créneaux réservables. Ils arrivent avec les liens de réservation.',
    },
    connectedApps: {
      title: 'Applications connectées',
      text: 'Connectez un agenda CalDAV : ses créneaux occupés bloquent les vôtres et les nouveaux rendez-vous s’y inscrivent.',
    },
    notifications: {
      title: 'Notifications',
      text: 'Choisissez quels événements vous parviennent par notification, par e-mail ou pas du tout.',
    },
    pipelineSettings: {
      title: 'Pipeline',
      text: 'Ajoutez, renommez et réordonnez les étapes de vos affaires, et indiquez lesquelles sont gagnées ou perdues.',
    },
    bookingSettings: {
      title: 'Réservation',
      text: 'Les réglages par défaut de votre organisation pour les nouveaux types de rendez-vous : durées, marges, préavis et fenêtre de réservation.',
    },
    crm: { title: 'Intégrations CRM', text: 'Gardez affaires et contacts en phase avec le CRM que votre équipe utilise déjà.' },
    inbox: {
      title: 'Messages',
      text: 'Les conversations avec les acheteurs, venues des salles de vente, des fils clients et des discussions d’affaires, au même endroit.',
    },
    blog: { title: 'Articles', text: 'Publiez des articles et des témoignages clients sur la page d’accueil de votre organisation.' },
    blank: { title: 'Page vierge', text: 'Rien ici pour l’instant.' },
    public: { title: 'Rien n’est encore publié ici', text: 'La page à cette adresse n’a pas été publiée. Vérifiez le lien reçu.' },
  },
}
