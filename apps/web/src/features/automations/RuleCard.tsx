import type { AutomationAction, AutomationRule } from '@closeroom/shared'
import BoltRounded from '@mui/icons-material/BoltRounded'
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded'
import EditRounded from '@mui/icons-material/EditRounded'
import { alpha, Box, Card, Chip, FormControlLabel, IconButton, Stack, Switch, Tooltip, Typography } from '@mui/material'
import { useTranslation } from '../../locales/i18n'
import { useStages } from '../deals/queries'
import { useTeams } from '../teams/queries'
import { useUsers } from '../users/queries'
import { useSaveRule } from './queries'

type Props = { productId: string; rule: AutomationRule; canEdit: boolean; onEdit: () => void; onDelete: () => void }

/** One rule as a sentence: "When <trigger>, then 1. … 2. …", with its switch, edit and delete. */
export function RuleCard({ productId, rule, canEdit, onEdit, onDelete }: Props) {
  const { t } = useTranslation()
  const save = useSaveRule(productId)
  const describe = useActionText()
  return (
    <Card sx={{ p: 2.5, opacity: rule.active ? 1 : 0.75 }} data-testid="automation-rule">
      {/* On a phone the switch and buttons go under the sentence instead of squeezing it. */}
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}>
        <Box
          sx={{
            display: 'grid',
            placeItems: 'center',
            width: 40,
            height: 40,
            borderRadius: 1.5,
            flexShrink: 0,
            bgcolor: (theme) => (rule.active ? alpha(theme.palette.primary.main, 0.12) : theme.palette.action.hover),
            color: rule.active ? 'primary.main' : 'text.disabled',
          }}
          aria-hidden
        >
          <BoltRounded />
        </Box>
        <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 0.5 }}>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {rule.name}
            </Typography>
            <Chip size="small" variant="outlined" label={t(`automations.triggerNames.${rule.trigger}`)} />
          </Stack>
          <Typography variant="body2">{t('automations.when', { trigger: t(`automations.triggers.${rule.trigger}`) })}</Typography>
          <Box component="ol" sx={{ m: 0, mt: 0.5, pl: 3, typography: 'body2', color: 'text.secondary' }}>
            {rule.actions.map((action, index) => (
              // Actions have no id of their own: their place is what they are.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={index}>{describe(action)}</li>
            ))}
          </Box>
        </Box>
        <Stack direction="row" sx={{ alignItems: 'center', flexShrink: 0, ml: 'auto' }}>
          <FormControlLabel
            label={t('automations.active')}
            labelPlacement="start"
            control={
              <Switch
                // The switch follows the click at once; the server's answer settles it.
                checked={save.isPending && save.variables?.body.active !== undefined ? save.variables.body.active : rule.active}
                disabled={!canEdit || save.isPending}
                onChange={(event) => save.mutate({ id: rule.id, body: { active: event.target.checked } })}
                slotProps={{ input: { 'aria-label': t('automations.activeNamed', { name: rule.name }) } }}
              />
            }
          />
          {canEdit && (
            <>
              <Tooltip title={t('automations.editNamed', { name: rule.name })}>
                <IconButton aria-label={t('automations.editNamed', { name: rule.name })} onClick={onEdit}>
                  <EditRounded />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('automations.deleteNamed', { name: rule.name })}>
                <IconButton aria-label={t('automations.deleteNamed', { name: rule.name })} onClick={onDelete}>
                  <DeleteOutlineRounded />
                </IconButton>
              </Tooltip>
            </>
          )}
        </Stack>
      </Stack>
    </Card>
  )
}

/** An action in words, naming its stage, team or teammate as they are called today. */
function useActionText() {
  const { t } = useTranslation()
  const stages = useStages().data ?? []
  const teams = useTeams().data ?? []
  const users = useUsers().data ?? []
  const gone = t('automations.gone')
  return (action: AutomationAction) => {
    switch (action.type) {
      case 'create_deal':
        return t('automations.steps.create_deal', { stage: stages.find((s) => s.id === action.stageId)?.name ?? gone })
      case 'assign_owner':
        return t('automations.steps.assign_owner', { team: teams.find((s) => s.id === action.teamId)?.name ?? gone })
      case 'send_email':
        return t('automations.steps.send_email', { subject: action.subject })
      case 'notify':
        return t('automations.steps.notify', { user: users.find((u) => u.id === action.userId)?.name ?? gone })
    }
  }
}
