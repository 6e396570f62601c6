import type { Text } from './en'

export const fr: Text = {
  insights: {
    kit: {
      chart: 'Graphique',
      table: 'Tableau',
      viewOf: '{{title}} : affichage',
      csv: 'CSV',
      csvOf: 'Télécharger {{title}} en CSV',
      inCurrency: '{{label}} ({{currency}})',
      convertedHeader: '{{label}} (converti en {{currency}})',
      showRecords: 'Voir les éléments de {{label}}',
      loading: 'Chargement',
      empty: 'Rien sur cette période.',
      period: 'Période',
      from: 'Du',
      to: 'Au',
      presets: {
        thisWeek: 'Cette semaine',
        thisMonth: 'Ce mois-ci',
        lastMonth: 'Le mois dernier',
        thisQuarter: 'Ce trimestre',
        last90: '90 derniers jours',
        custom: 'Dates choisies',
      },
      compare: 'Comparer à la période précédente',
      comparedWith: 'par rapport à {{previous}} sur la période précédente',
      unchanged: 'stable',
      new: 'nouveau',
      scope: 'Chiffres de',
      scopes: { me: 'Moi', everyone: 'Tout le monde', teams: 'Équipes', members: 'Membres' },
      converted: '{{amount}} au total, converti en {{currency}}',
      missingRates: '(hors {{currencies}} : pas de taux de change)',
    },
  },
}
